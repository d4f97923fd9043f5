import type { Page } from '@playwright/test';

/**
 * Waits until a service worker controls the page and has finished activating: only then are the
 * shell and its assets precached and navigations answered by the worker (go offline after this).
 *
 * A worker that activates, and claims its pages, while this document is still being navigated to
 * never controls it: the document did not exist yet to be claimed, and its request went past the
 * worker, so the standard leaves it to the next navigation. Slow installs under load (a precache
 * of the whole shell while other tests run) make that likely, so then the page is reloaded once.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  // Synchronous on purpose: waitForFunction treats a returned promise as a truthy value.
  const controlled = () => navigator.serviceWorker.controller?.state === 'activated';
  const active = await page.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000))]),
  );
  if (!active) throw new Error('no service worker became active within 30 s');
  try {
    await page.waitForFunction(controlled, undefined, { timeout: 5_000, polling: 100 });
  } catch {
    await page.reload();
    await page.waitForFunction(controlled, undefined, { timeout: 30_000, polling: 100 });
  }
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = bytes.subarray(0, 8).toString('hex');
  if (signature !== '89504e470d0a1a0a') throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
