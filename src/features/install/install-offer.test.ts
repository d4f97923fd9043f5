import { describe, expect, it } from 'vitest';
import { INSTALL_DISMISS_MS, installOffer, isIosSafari, type InstallInputs } from './install-offer';

/** When the app offers to install itself, and how. */

const NOW = Date.UTC(2026, 10, 25, 12);
const base: InstallInputs = {
  standalone: false,
  iosSafari: false,
  canPrompt: true,
  installed: false,
  dismissedAt: null,
  seenBefore: false,
  joined: false,
  now: NOW,
};
const offer = (change: Partial<InstallInputs>) => installOffer({ ...base, ...change });

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('installOffer', () => {
  it('offers nothing on the first load, even with the browser ready to install', () => {
    expect(offer({})).toBeNull();
  });

  it('offers the entry beside the navigation from a later load on', () => {
    expect(offer({ seenBefore: true })).toEqual({ kind: 'prompt', place: 'nav' });
  });

  it('offers the card right after a join, also on the first load', () => {
    expect(offer({ joined: true })).toEqual({ kind: 'prompt', place: 'join' });
    expect(offer({ joined: true, seenBefore: true })).toEqual({ kind: 'prompt', place: 'join' });
  });

  it('keeps away for 30 days after a dismissal, then comes back', () => {
    const dismissed = (ago: number) => ({ seenBefore: true, joined: true, dismissedAt: String(NOW - ago) });
    expect(offer(dismissed(0))).toBeNull();
    expect(offer(dismissed(INSTALL_DISMISS_MS - 1))).toBeNull();
    expect(offer(dismissed(INSTALL_DISMISS_MS))).toEqual({ kind: 'prompt', place: 'join' });
  });

  it('does not let a garbled or future dismissal hide it for good', () => {
    expect(offer({ seenBefore: true, dismissedAt: 'yesterday' })).not.toBeNull();
    expect(offer({ seenBefore: true, dismissedAt: String(NOW + 365 * 24 * 3600 * 1000) })).not.toBeNull();
  });

  it('shows the add-to-home-screen steps on iOS Safari, which has no install event', () => {
    expect(offer({ canPrompt: false, iosSafari: true, joined: true })).toEqual({ kind: 'ios', place: 'join' });
    expect(offer({ canPrompt: false, iosSafari: true, seenBefore: true })).toEqual({ kind: 'ios', place: 'nav' });
  });

  it('offers nothing where the browser cannot install', () => {
    expect(offer({ canPrompt: false, joined: true, seenBefore: true })).toBeNull();
  });

  it('hides everything once installed or running as the installed app', () => {
    expect(offer({ standalone: true, joined: true, seenBefore: true })).toBeNull();
    expect(offer({ standalone: true, iosSafari: true, canPrompt: false, joined: true })).toBeNull();
    expect(offer({ installed: true, joined: true, seenBefore: true })).toBeNull();
  });
});

describe('isIosSafari', () => {
  it('knows iPhone Safari and iPad Safari in desktop mode', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 5)).toBe(true);
  });

  it('is not fooled by a Mac, Chrome on iOS or Android', () => {
    expect(isIosSafari(IPAD_DESKTOP_MODE, 0)).toBe(false);
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
  });
});
