import { useSyncExternalStore } from 'react';
import type { OutboxRecord } from './db';
import type { Outbox } from './outbox';
import { readOutboxSummary, subscribeOtherTabsSummary } from './outbox-summary';

/**
 * An offline start on the Meet page with work waiting: the deck hides queued swipes, so it waits
 * for the outbox. Its own live query would answer only after the outbox is handed out, a render
 * and an IndexedDB round trip later (about 100 ms on a slow phone), so the outbox reads the event's
 * records as it opens, before it is handed out, and the deck shows with it. They stand in for the
 * deck's live answer only until that comes, and only while nothing can have changed them unseen:
 * - they are kept only when the member's summary (outbox-summary.ts) was a count before the read
 *   and still is the same value after it: every add, here or in another tab, marks it first;
 * - another tab's later change of the summary (a storage event) drops them;
 * - this tab adds records only through a screen, which hides what it queues itself; the deck drops
 *   them once its live answer came or it unmounts, so a later deck never starts from them.
 */

interface Held {
  outbox: Outbox;
  eventId: string;
  records: OutboxRecord[];
  stopWatching: () => void;
}

let held: Held | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function dropStartRecords(): void {
  if (!held) return;
  held.stopWatching();
  held = null;
  changed();
}

const COUNTED = /^\d+$/;

/** Reads the event's records of the member's outbox and keeps them for the deck (see above). */
export async function readStartRecords(outbox: Outbox, eventId: string): Promise<void> {
  dropStartRecords();
  const before = readOutboxSummary(outbox.userId);
  if (before === null || !COUNTED.test(before)) return;
  const records = await outbox.eventRecords(eventId);
  if (readOutboxSummary(outbox.userId) !== before) return;
  const stopWatching = subscribeOtherTabsSummary(outbox.userId, dropStartRecords);
  held = { outbox, eventId, records, stopWatching };
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The records read as this outbox opened, for this event; null when none are kept. */
export function useStartRecords(outbox: Outbox | null, eventId: string): OutboxRecord[] | null {
  const current = () => (held && held.outbox === outbox && held.eventId === eventId ? held.records : null);
  return useSyncExternalStore(subscribe, current, () => null);
}
