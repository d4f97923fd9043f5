import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../ui/toast-store';
import { INSTALL_DISMISSED_KEY, INSTALL_FIRST_SEEN_KEY, JOINED_DESCRIPTION } from './install-offer';
import { offer, resetInstallOffersForTest } from './offer-install';

/** The install offers as the shell starts them: with Chromium's kept event, or on iOS Safari without. */

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function installEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt') as Event & { prompt: ReturnType<typeof vi.fn>; userChoice: Promise<unknown> };
  event.prompt = vi.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome, platform: 'web' });
  return event;
}

const offered = () => screen.queryByTestId('install-offer');
const start = (event?: Event) => act(() => offer(event));
const joinSucceeded = () => act(() => void toast({ title: 'Success', description: JOINED_DESCRIPTION }));
const seenBefore = () => window.localStorage.setItem(INSTALL_FIRST_SEEN_KEY, String(Date.now() - 86_400_000));

let standalone = false;
const realMatchMedia = window.matchMedia.bind(window);
beforeEach(() => {
  window.localStorage.clear();
  standalone = false;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const list = realMatchMedia(query);
    if (!query.includes('display-mode: standalone')) return list;
    return { matches: standalone, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
  });
});
afterEach(() => {
  act(() => resetInstallOffersForTest());
  vi.restoreAllMocks();
});

describe('the install offers', () => {
  it('show nothing on the first load; a join brings the card, whose button opens the browser dialog', async () => {
    const event = installEvent();
    start(event);
    expect(offered()).toBeNull();
    expect(window.localStorage.getItem(INSTALL_FIRST_SEEN_KEY)).not.toBeNull();

    joinSucceeded();
    expect(offered()).toBeTruthy();
    expect(screen.getByText(/one tap away/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install Mingle' })));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // Accepted: the app is installed, nothing more to offer.
    expect(offered()).toBeNull();
  });

  it('show the entry beside the navigation on a later load; a dismissal is remembered', () => {
    seenBefore();
    start(installEvent());
    expect(screen.getByRole('button', { name: 'Install Mingle' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss install offer' }));
    expect(offered()).toBeNull();
    const at = Number(window.localStorage.getItem(INSTALL_DISMISSED_KEY));
    expect(Date.now() - at).toBeLessThan(5000);

    // The next page load: the offer stays away, also after a join.
    act(() => resetInstallOffersForTest());
    start(installEvent());
    joinSucceeded();
    expect(offered()).toBeNull();
  });

  it('remember a "no" in the browser dialog as a dismissal', async () => {
    seenBefore();
    start(installEvent('dismissed'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install Mingle' })));
    expect(offered()).toBeNull();
    expect(window.localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
  });

  it('go away when the app is installed from the browser menu (appinstalled)', () => {
    seenBefore();
    start(installEvent());
    expect(offered()).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(offered()).toBeNull();
  });

  it('show nothing when running as the installed app', () => {
    standalone = true;
    seenBefore();
    start(installEvent());
    joinSucceeded();
    expect(offered()).toBeNull();
  });

  it('show the add-to-home-screen steps on iPhone Safari', () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    seenBefore();
    start();
    // The entry first; pressing it shows the steps.
    fireEvent.click(screen.getByRole('button', { name: 'Install Mingle' }));
    expect(screen.getByText(/Tap the Share button/)).toBeTruthy();
    expect(screen.getByText("Choose 'Add to Home Screen'.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(offered()).toBeNull();
  });

  it('show the steps at once after a join on iPhone Safari', () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    start();
    expect(offered()).toBeNull();
    joinSucceeded();
    expect(screen.getByText(/Tap the Share button/)).toBeTruthy();
  });
});
