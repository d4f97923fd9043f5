import { storage } from '../lib/storage';
import type { OutboxRecord } from './db';

/**
 * A copy in localStorage of a member's outbox records of one event (swipes, undos, goal), as a read
 * of IndexedDB last found them. An offline start of the Meet page with swipes waiting reads it at
 * once, so the deck hides their cards in its first render instead of waiting for Dexie and
 * IndexedDB to open, which takes a slow phone a quarter of a second at start. IndexedDB stays the
 * truth: the deck takes the live records as soon as they come. The copy is kept by
 * keep-event-records-copy.ts, with the outbox, so that it never lacks a record added since it was
 * written; this file, in the shell, reads it.
 */

/** Followed by the member's id, a dot and the event's id; `adds.` and the member's id: keep-event-records-copy.ts. */
export const COPY_PREFIX = 'mingle.outboxEvent.';
export const copyKey = (userId: string, eventId: string) => `${COPY_PREFIX}${userId}.${eventId}`;

/** The copy, or null when there is none (never written, removed by an add, or unreadable). */
export function readEventRecordsCopy(userId: string, eventId: string): OutboxRecord[] | null {
  const text = storage.get(copyKey(userId, eventId));
  if (text === null) return null;
  try {
    const records: unknown = JSON.parse(text);
    return Array.isArray(records) ? (records as OutboxRecord[]) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a member on this device has a copy for the event: the app started on its Meet page need
 * not load the outbox before the deck. Any member's: with none of the signed-in member's own, the
 * deck waits for the outbox as without a copy.
 */
export function someEventRecordsCopy(eventId: string): boolean {
  return storage.keys(COPY_PREFIX).some((key) => key.endsWith(`.${eventId}`));
}
