import { storage } from '../lib/storage';
import { OUTBOX_DB_NAME } from './outbox-db-name';

/**
 * A synchronous summary of one member's outbox in localStorage: how many records it holds that the
 * server has not acknowledged (pending, sending or failed). Opening IndexedDB takes a while at a
 * slow phone's start; when the summary says the outbox is empty, a screen that hides queued work
 * (the deck) shows at once instead of waiting for it.
 *
 * It may say more than there is (errs on the side of waiting), never zero while records exist:
 * - absent: unknown (an outbox never counted on this device, or written by an older version), but
 *   empty when this device had no outbox database at all when the app started (checkOutboxDatabase);
 * - '+<token>': a record is being added, written before the write starts, so a crash between the
 *   two leaves "not empty" behind;
 * - '<n>': the count, written after a count that started after every add it could miss: a count
 *   replaces the value it read before counting only if that value is still there, and zero never
 *   replaces an add's mark except by the add that wrote it, once its write settled (recountAfterAdd).
 *
 * Another tab's writes arrive as storage events (subscribeOtherTabsSummary). The outbox writes it
 * (keep-outbox-summary.ts, out of the shell); this file reads it.
 */

const PREFIX = 'mingle.outboxSummary.';

export function outboxSummaryKey(userId: string): string {
  return PREFIX + userId;
}

/** The raw value (see above); null when unknown. */
export function readOutboxSummary(userId: string): string | null {
  return storage.get(outboxSummaryKey(userId));
}

let noDatabaseAtStart = false;
let databaseCheck: Promise<void> | null = null;

/**
 * Looks once whether this device has an outbox database at all (indexedDB.databases(), without
 * loading Dexie). Without one no member has a record here, so a summary that is absent means empty:
 * a member's first visit on a device shows the deck without waiting for the outbox's code and
 * database. Every record is added after markOutboxAdding wrote the member's summary, so once a
 * summary exists it is what counts. Where the browser cannot tell, nothing changes.
 */
export function checkOutboxDatabase(): Promise<void> {
  databaseCheck ??= (async () => {
    try {
      if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
      const databases = await indexedDB.databases();
      noDatabaseAtStart = !databases.some((database) => database.name === OUTBOX_DB_NAME);
    } catch {
      // Unknown: the deck waits for the outbox, as without the check.
    }
  })();
  return databaseCheck;
}

/** Forgets the check, as a new page load does: for the client tests, whose files share one page. */
export function forgetOutboxDatabaseCheck(): void {
  databaseCheck = null;
  noDatabaseAtStart = false;
}

/**
 * True when the last count found no record and no add has started since, or when nothing was ever
 * counted for the member on a device that had no outbox database at start.
 */
export function outboxKnownEmpty(userId: string | null | undefined): boolean {
  if (typeof userId !== 'string') return false;
  const value = readOutboxSummary(userId);
  return value === '0' || (value === null && noDatabaseAtStart);
}

/**
 * True when no member who used the outbox on this device has records: every summary says zero, and
 * at least one was counted or the device had no outbox database at start.
 */
export function everyOutboxKnownEmpty(): boolean {
  const values = storage.keys(PREFIX).map((key) => storage.get(key));
  return (values.length > 0 || noDatabaseAtStart) && values.every((value) => value === '0');
}

/** Calls `listener` whenever another tab changes the member's summary (a storage event). */
export function subscribeOtherTabsSummary(userId: string, listener: () => void): () => void {
  const key = outboxSummaryKey(userId);
  const onStorage = (event: StorageEvent) => {
    // A null key is localStorage.clear() in another tab.
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
