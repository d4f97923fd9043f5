import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

const analyticsScripts = () => document.head.querySelectorAll('script[data-analytics]');

// env.ts reads VITE_ANALYTICS_SRC when it is first imported: each test imports fresh modules.
// The app renders the slot, which loads the banner only for a visitor who has not chosen yet.
async function loadBanner() {
  vi.resetModules();
  return (await import('./CookieBannerSlot')).CookieBannerSlot;
}

beforeEach(() => {
  localStorage.clear();
  for (const script of analyticsScripts()) script.remove();
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe('cookie banner', () => {
  it("loads analytics only after 'Got it', and remembers the choice", async () => {
    vi.stubEnv('VITE_ANALYTICS_SRC', '/analytics.js');
    const CookieBanner = await loadBanner();
    render(<CookieBanner />);
    expect(await screen.findByText(/We use essential cookies/, {}, { timeout: 5000 })).toBeTruthy();
    expect(analyticsScripts()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('button', { name: 'Got it' })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBe('all');
    expect(analyticsScripts()).toHaveLength(1);
    expect(analyticsScripts()[0]?.getAttribute('src')).toBe('/analytics.js');
  });

  it("loads nothing with 'Essential only'", async () => {
    vi.stubEnv('VITE_ANALYTICS_SRC', '/analytics.js');
    const CookieBanner = await loadBanner();
    render(<CookieBanner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Essential only' }, { timeout: 5000 }));
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBe('essential');
    expect(analyticsScripts()).toHaveLength(0);
  });

  it('stays hidden once chosen, and loads analytics at start when they were allowed', async () => {
    vi.stubEnv('VITE_ANALYTICS_SRC', '/analytics.js');
    localStorage.setItem(STORAGE_KEYS.cookieConsent, 'all');
    const CookieBanner = await loadBanner();
    render(<CookieBanner />);
    expect(screen.queryByRole('button', { name: 'Got it' })).toBeNull();
    expect(analyticsScripts()).toHaveLength(1);
  });

  it('loads nothing when no analytics source is configured, even after consent', async () => {
    vi.stubEnv('VITE_ANALYTICS_SRC', '');
    const CookieBanner = await loadBanner();
    render(<CookieBanner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Got it' }, { timeout: 5000 }));
    expect(analyticsScripts()).toHaveLength(0);
  });
});
