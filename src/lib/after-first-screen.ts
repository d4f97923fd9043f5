/** After the page's load event, how long work that the first screen does not need waits. */
export const FIRST_SCREEN_GRACE_MS = 2000;

/**
 * Runs `work` once the first screen is done: after the page's load event, a moment later (the
 * screen's data, images and route code are usually still arriving at load), when the browser is
 * idle. For code the first screen does not use, so that its download and start never compete with
 * what the member is waiting for (DESIGN.md's first-screen JavaScript budget).
 */
export function afterFirstScreen(work: () => void): void {
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: FIRST_SCREEN_GRACE_MS });
    else work();
  };
  const later = () => setTimeout(whenIdle, FIRST_SCREEN_GRACE_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
