import { OUTBOX_SYNC_MESSAGE } from '../../contract/sw-messages';
import type { OutboxDb } from './db';

/**
 * Listens to what should wake the sync engine: the network coming back, the tab becoming visible
 * again, and the service worker's message from its `sync` event. Returns the stop.
 */
export function listenForWakeUps({ online, wake }: { online: () => void; wake: () => void }): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'visible') wake();
  };
  const onWorkerMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OUTBOX_SYNC_MESSAGE) wake();
  };
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (typeof window !== 'undefined') window.addEventListener('online', online);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  worker?.addEventListener('message', onWorkerMessage);
  return () => {
    if (typeof window !== 'undefined') window.removeEventListener('online', online);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
    worker?.removeEventListener('message', onWorkerMessage);
  };
}

/**
 * Tries made while the device had no network grew the backoff (up to minutes), though the server
 * never saw them: when the network returns, the member's records that only missed the network are
 * due at once.
 */
export async function offlineTriesDueNow(db: OutboxDb, userId: string, now: number): Promise<void> {
  try {
    await db.outbox
      .where('[userId+state]')
      .equals([userId, 'pending'])
      .filter((r) => r.lastStatus === 0)
      .modify({ attempts: 0, nextAttemptAt: now });
  } catch {
    // Storage unavailable: the records keep their schedule.
  }
}
