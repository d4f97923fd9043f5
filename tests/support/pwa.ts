import type { Page } from '@playwright/test';

/**
 * Waits until a service worker controls the page and has finished activating: only then are the
 * shell and its assets precached and navigations answered by the worker (go offline after this).
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  // Synchronous on purpose: waitForFunction treats a returned promise as a truthy value.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 30_000,
    polling: 100,
  });
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = bytes.subarray(0, 8).toString('hex');
  if (signature !== '89504e470d0a1a0a') throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
