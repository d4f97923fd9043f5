import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from '../contract/sw-messages';

declare let self: ServiceWorkerGlobalScope;

/** Background Sync's event; not in TypeScript's WebWorker lib (Chromium only). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * Tells every open window to drain its outbox. The outbox and its sync engine live in the page;
 * with no window open there is nothing to wake, and the next start drains anyway.
 */
export async function wakeWindows(clients: Pick<Clients, 'matchAll'>): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: OUTBOX_SYNC_MESSAGE });
}

/**
 * Where Background Sync exists, the browser fires 'sync' once the network is back (even when the
 * page had lost hope). It is only an extra trigger: the sync engine also drains on start, 'online',
 * a visible tab and its own timer, since Safari and Firefox have no Background Sync.
 */
export function wakeOutboxOnSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(wakeWindows(self.clients));
  });
}
