import { useEffect, useMemo, useState } from 'react';
import type { OutboxRecord } from './db';
import type { Outbox } from './outbox';
import type { OutboxStatus } from './outbox-context';
import type { EventOverlay } from './mutations/event-overlay';
import { readEventRecordsCopy } from './event-records-copy';
import { EMPTY_OVERLAY, overlayOf } from './record-overlay';

/** A live value from one of the outbox subscriptions; `initial` until the first answer. */
export function useLive<T>(subscribe: ((listener: (value: T) => void) => () => void) | null, initial: T): T {
  const [state, setState] = useState<{ subscribe: typeof subscribe; value: T }>({ subscribe, value: initial });
  useEffect(() => {
    if (!subscribe) return;
    return subscribe((value) => setState({ subscribe, value }));
  }, [subscribe]);
  // A value from a previous subscription (another event or member) is not shown.
  return state.subscribe === subscribe ? state.value : initial;
}

/** Live answers of subscriptions started before the screen (watchEventRecords), by outbox and event. */
const watched = new WeakMap<Outbox, Map<string, OutboxRecord[]>>();

/**
 * Keeps an event's records at hand before its screen asks (an offline start on the Meet page):
 * the screen then starts from the current answer instead of waiting for its own first query.
 * `firstAnswer` settles once the records are at hand (or could not be read).
 */
export function watchEventRecords(outbox: Outbox, eventId: string): { stop: () => void; firstAnswer: Promise<void> } {
  const byEvent = watched.get(outbox) ?? new Map<string, OutboxRecord[]>();
  watched.set(outbox, byEvent);
  let answered = () => {};
  const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
  const unsubscribe = outbox.subscribeEventRecords(
    eventId,
    (records) => {
      byEvent.set(eventId, records);
      answered();
    },
    answered,
  );
  return {
    stop: () => {
      unsubscribe();
      byEvent.delete(eventId);
      answered();
    },
    firstAnswer,
  };
}

/** The member's outbox records of one event (swipes, undos, goal), oldest first; null until the outbox answered. */
export function useEventRecords(outbox: Outbox | null, eventId: string): OutboxRecord[] | null {
  const subscribe = useMemo(
    () => (outbox ? (listener: (records: OutboxRecord[] | null) => void) => outbox.subscribeEventRecords(eventId, listener) : null),
    [outbox, eventId],
  );
  return useLive(subscribe, (outbox && watched.get(outbox)?.get(eventId)) ?? null);
}

const NO_RECORDS: OutboxRecord[] = [];

export interface EventOverlayState {
  records: OutboxRecord[];
  overlay: EventOverlay;
  /**
   * False while the outbox is loading or has not answered yet: a screen that hides queued work
   * waits until then, so a queued card never shows for a frame. Without an outbox (no IndexedDB)
   * nothing can be queued, so it is settled at once.
   */
  settled: boolean;
}

/**
 * The event's queued records and what they change on screen (record-overlay.ts). With `memberId`
 * (the deck), the copy of the records kept for a start (event-records-copy.ts) stands in until the
 * outbox answers, so a start with work waiting need not wait for IndexedDB.
 */
export function useEventOverlay(status: OutboxStatus, eventId: string, memberId: string | null = null): EventOverlayState {
  const live = useEventRecords(status.outbox, eventId);
  const copy = useMemo(() => (memberId ? readEventRecordsCopy(memberId, eventId) : null), [memberId, eventId]);
  const records = live ?? copy;
  const overlay = useMemo(() => (records ? overlayOf(records) : EMPTY_OVERLAY), [records]);
  // IndexedDB would not open: what the copy says still waits there, so its cards stay hidden.
  if (status.state === 'unavailable') return { records: copy ?? NO_RECORDS, overlay, settled: true };
  return { records: records ?? NO_RECORDS, overlay, settled: records !== null };
}
