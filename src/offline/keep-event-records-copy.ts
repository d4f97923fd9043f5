import { storage } from '../lib/storage';
import type { OutboxRecord } from './db';
import { COPY_PREFIX, copyKey } from './event-records-copy';

/**
 * How the outbox keeps the copies of event-records-copy.ts. A copy may still hold records that
 * were sent since (their overlay hides what the server's interactions hide then too), but never
 * lacks one added since it was written:
 * - before any record is added, the member's add mark changes and the event's copy (every copy of
 *   the member when the event is not known yet) is removed (beforeOutboxAdd);
 * - a read writes its copy only when the mark is the one it saw before reading (keepEventRecordsCopy),
 *   so a read that started before an add never writes over it, in this tab or another.
 */

const addMarkKey = (userId: string) => `${COPY_PREFIX}adds.${userId}`;

/** The member's add mark, read before a read of the records (see keepEventRecordsCopy). */
export function outboxAddMark(userId: string): string | null {
  return storage.get(addMarkKey(userId));
}

/** After a read of the event's records that started when the add mark was `before`. */
export function keepEventRecordsCopy(userId: string, eventId: string, before: string | null, records: readonly OutboxRecord[]): void {
  if (outboxAddMark(userId) === before) storage.set(copyKey(userId, eventId), JSON.stringify(records));
}

/**
 * Called before a record may be added: with the event it belongs to, if any. `eventId` null: a
 * record of an event not known yet (a retried one), so every copy of the member goes.
 */
export function beforeOutboxAdd(userId: string, eventId: string | null | undefined): void {
  storage.set(addMarkKey(userId), `${Date.now()}.${Math.random()}`);
  if (eventId === null) forgetEventRecordsCopies(userId);
  else if (eventId !== undefined) storage.remove(copyKey(userId, eventId));
}

/** Removes every copy of the member (logging out, or an outbox found empty). */
export function forgetEventRecordsCopies(userId: string): void {
  for (const key of storage.keys(`${COPY_PREFIX}${userId}.`)) storage.remove(key);
}
