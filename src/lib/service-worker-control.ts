/**
 * Whether a service worker controls this page. Only requests made while one does pass through it,
 * so only those answers are in its caches: on the very first visit the page asks for its data
 * before the worker is installed, and the worker starts controlling the page later (it claims it).
 */

function container(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

export function isControlledByWorker(): boolean {
  return Boolean(container()?.controller);
}

/** Calls `listener` whenever a worker starts controlling this page; returns the unsubscribe. */
export function subscribeToWorkerControl(listener: () => void): () => void {
  const workers = container();
  if (!workers) return () => {};
  workers.addEventListener('controllerchange', listener);
  return () => workers.removeEventListener('controllerchange', listener);
}
