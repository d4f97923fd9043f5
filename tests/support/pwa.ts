import type { Page } from '@playwright/test';

/** How the page's worker registration stands: 'active', or what is missing, for an error message. */
async function activeWorker(page: Page, waitMs: number): Promise<string> {
  return page.evaluate(async (wait) => {
    const ready = navigator.serviceWorker.ready.then(() => 'active');
    const late = new Promise<string>((resolve) => setTimeout(() => resolve(''), wait));
    const state = await Promise.race([ready, late]);
    if (state) return state;
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return 'no registration';
    const worker = registration.installing ?? registration.waiting;
    return `a registration whose worker is ${worker ? worker.state : 'missing'}`;
  }, waitMs);
}

/**
 * Waits until a service worker controls the page and has finished activating: only then are the
 * shell and its assets precached and navigations answered by the worker (go offline after this).
 *
 * A worker that activates, and claims its pages, while this document is still being navigated to
 * never controls it: the document did not exist yet to be claimed, and its request went past the
 * worker, so the standard leaves it to the next navigation. Slow installs under load (a precache
 * of the whole shell while other tests run) make that likely, so then the page is reloaded once.
 *
 * An install whose precache lost a request to the loaded test server fails, and the browser tries
 * again at the next navigation, as a member's next visit would: so does this, once.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  // Synchronous on purpose: waitForFunction treats a returned promise as a truthy value.
  const controlled = () => navigator.serviceWorker.controller?.state === 'activated';
  let state = await activeWorker(page, 20_000);
  if (state !== 'active') {
    const first = state;
    await page.reload();
    state = await activeWorker(page, 25_000);
    if (state !== 'active') throw new Error(`no service worker became active: ${first}, and after a reload ${state}`);
  }
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
