/** After the page's load event, how long work that the first screen does not need waits. */
export const FIRST_SCREEN_GRACE_MS = 2000;

/** The work asked for so far, one after the other; never rejects. */
let queue: Promise<unknown> = Promise.resolve();

function firstScreenDone(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: FIRST_SCREEN_GRACE_MS });
      else resolve();
    };
    const later = () => setTimeout(whenIdle, FIRST_SCREEN_GRACE_MS);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
}

/**
 * Runs `work` once the first screen is done: after the page's load event, a moment later (the
 * screen's data, images and route code are usually still arriving at load), when the browser is
 * idle. For code the first screen does not use, so that its download and start never compete with
 * what the member is waiting for (docs/architecture.md's first-screen JavaScript budget).
 *
 * Works run one at a time in the order they were asked for, each after the promise of the one
 * before settled. This is what stores the query cache (asked for at start) before the service
 * worker registers (asked for by the first render): once a worker controls the page, an offline
 * reload can open the app, so the member's data must already be stored by then.
 */
export function afterFirstScreen(work: () => void | Promise<unknown>): void {
  const ready = firstScreenDone();
  queue = Promise.all([ready, queue])
    .then(() => work())
    .catch(() => {
      // A failed work (a chunk that did not load) must not hold back the ones after it.
    });
}
