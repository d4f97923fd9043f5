import type { Page } from '@playwright/test';
import { OUTBOX_DB_NAME } from '../../src/offline/outbox-db-name';

/** What a test reads of an outbox record; a delivered record is gone from the store. */
export interface QueuedRecord {
  kind: string;
  createdAt: number;
  state: string;
  toUserId?: string;
  direction?: string;
}

/** Every outbox record in the page's IndexedDB (plain JavaScript text: no tsx helpers in the page). */
const READ_OUTBOX = `new Promise((resolve, reject) => {
  const open = indexedDB.open(${JSON.stringify(OUTBOX_DB_NAME)});
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('outbox')) { db.close(); resolve([]); return; }
    const all = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
    all.onerror = () => reject(all.error);
    all.onsuccess = () => {
      db.close();
      // In the order they were queued (the store is keyed by random ids).
      const records = all.result.sort((a, b) => a.createdAt - b.createdAt);
      resolve(records.map((r) => ({ kind: r.kind, createdAt: r.createdAt, state: r.state, toUserId: r.payload.toUserId, direction: r.payload.direction })));
    };
  };
})`;

/** The records waiting in the page's outbox, oldest first: nothing can be replayed that is not here. */
export async function outboxRecords(page: Page): Promise<QueuedRecord[]> {
  return (await page.evaluate(READ_OUTBOX)) as QueuedRecord[];
}
