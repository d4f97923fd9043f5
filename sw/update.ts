declare let self: ServiceWorkerGlobalScope;

/** The message the page sends (workbox-window messageSkipWaiting) when the user accepts an update. */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * Update flow ('prompt'): a new worker installs and waits while pages still run on the old one;
 * the page shows 'New version available' and, on 'Reload', posts SKIP_WAITING; the new worker
 * activates, claims the open pages (which fire 'controlling') and the page reloads onto it.
 * On the very first install there is no old worker, so the worker activates at once and claims the
 * page: the first visit is already controlled, which is what makes the next offline start work.
 */
export function handleUpdates(): void {
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING) {
      void self.skipWaiting();
    }
  });
  self.addEventListener('activate', (event) => {
    event.waitUntil(self.clients.claim());
  });
}
