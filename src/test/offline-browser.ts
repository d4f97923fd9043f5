import { act } from '@testing-library/react';

/**
 * Runs part of a test with navigator.onLine false. `announceOffline` fires the 'offline' event:
 * call it once the page has its first data, as TanStack Query stops fetching when it hears it.
 * Afterwards the browser is online again, for TanStack Query's online manager too, which the
 * following tests need.
 */
export async function whileBrowserOffline(part: (announceOffline: () => void) => Promise<void>): Promise<void> {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  try {
    await part(() => act(() => void window.dispatchEvent(new Event('offline'))));
  } finally {
    delete (navigator as unknown as Record<string, unknown>).onLine;
    if (original) Object.defineProperty(Navigator.prototype, 'onLine', original);
    act(() => void window.dispatchEvent(new Event('online')));
  }
}
