import 'fake-indexeddb/auto';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxDb, OutboxRecord } from './db';
import { readEventRecordsCopy } from './event-records-copy';
import { beforeOutboxAdd, keepEventRecordsCopy, outboxAddMark } from './keep-event-records-copy';
import { createOutbox, type Outbox } from './outbox';
import { swipeMutation } from './mutations/swipe';
import { undoSwipeMutation } from './mutations/undo-swipe';
import { clock, freshDb } from './test-helpers';
import { useEventOverlay } from './use-outbox-live';

/**
 * The copy of an event's outbox records in localStorage, which an offline start's deck reads
 * before IndexedDB opens: it must never lack a record added since it was written, or a queued
 * swipe's card would show.
 */

const EVENT = 'e1';
const OTHER_EVENT = 'e2';

let db: OutboxDb;
let outbox: Outbox;
let stops: Array<() => void> = [];
beforeEach(() => {
  localStorage.clear();
  db = freshDb();
  outbox = createOutbox({ db, userId: 'alice', now: clock().now });
});
afterEach(async () => {
  for (const stop of stops) stop();
  stops = [];
  await db.delete();
});

const swipedIn = (records: OutboxRecord[] | null) =>
  records?.map((r) => (r.kind === 'swipe' ? `${r.payload.direction} ${r.payload.toUserId}` : r.kind)) ?? null;

/** Watches the event's records as a screen does; answers once `done` holds for the copy. */
async function watchUntilCopied(eventId: string, done: (copy: OutboxRecord[] | null) => boolean) {
  stops.push(outbox.subscribeEventRecords(eventId, () => {}));
  for (let tries = 0; tries < 100 && !done(readEventRecordsCopy('alice', eventId)); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  return readEventRecordsCopy('alice', eventId);
}

describe("the copy of an event's records", () => {
  it('is written by a live read of the event, and follows each add', async () => {
    expect(readEventRecordsCopy('alice', EVENT)).toBeNull();
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: 'grace', direction: 'right' });
    await outbox.enqueue(swipeMutation, { eventId: OTHER_EVENT, toUserId: 'alan', direction: 'left' });
    expect(swipedIn(await watchUntilCopied(EVENT, (copy) => copy !== null))).toEqual(['right grace']);

    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: 'edsger', direction: 'left' });
    expect(swipedIn(await watchUntilCopied(EVENT, (copy) => copy?.length === 2))).toEqual(['right grace', 'left edsger']);
    // Another event's copy is its own, written only while that event is read.
    expect(readEventRecordsCopy('alice', OTHER_EVENT)).toBeNull();
    expect(readEventRecordsCopy('bob', EVENT)).toBeNull();
  });

  it('is removed before an add of its event starts, so a crash in between leaves no copy that lacks it', async () => {
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: 'grace', direction: 'right' });
    await watchUntilCopied(EVENT, (copy) => copy !== null);
    for (const stop of stops) stop();
    stops = [];
    // The add is left pending, as if the page closed while IndexedDB wrote it.
    const adding = outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: 'edsger', direction: 'left' });
    expect(readEventRecordsCopy('alice', EVENT)).toBeNull();
    await adding;
  });

  it('is not written by a read that started before an add (here or in another tab)', () => {
    const before = outboxAddMark('alice');
    beforeOutboxAdd('alice', EVENT);
    keepEventRecordsCopy('alice', EVENT, before, []);
    expect(readEventRecordsCopy('alice', EVENT)).toBeNull();
    keepEventRecordsCopy('alice', EVENT, outboxAddMark('alice'), []);
    expect(readEventRecordsCopy('alice', EVENT)).toEqual([]);
    // A record whose event is not known yet (a retry) removes every copy of the member.
    beforeOutboxAdd('alice', null);
    expect(readEventRecordsCopy('alice', EVENT)).toBeNull();
  });

  it('goes when the member logs out (every record discarded) and when the outbox is found empty', async () => {
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: 'grace', direction: 'right' });
    await watchUntilCopied(EVENT, (copy) => copy !== null);
    await outbox.discardAll();
    expect(readEventRecordsCopy('alice', EVENT)).toBeNull();

    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: 'grace', direction: 'right' });
    await watchUntilCopied(EVENT, (copy) => copy?.length === 1);
    // An undo of a swipe the server never saw cancels it: nothing is left to hide.
    await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, toUserId: 'grace' });
    stops.push(outbox.keepSummary());
    expect(await watchUntilCopied(EVENT, (copy) => copy === null || copy.length === 0)).toSatisfy((copy) => copy === null || copy.length === 0);
  });
});

describe("the deck's overlay before the outbox answers", () => {
  it('stands on the copy, so the swiped card is hidden in the first render', () => {
    keepEventRecordsCopy('alice', EVENT, outboxAddMark('alice'), [
      {
        id: 'r1',
        userId: 'alice',
        kind: 'swipe',
        payload: { eventId: EVENT, toUserId: 'grace', direction: 'right' },
        createdAt: 1,
        attempts: 0,
        nextAttemptAt: 1,
        lastError: null,
        state: 'pending',
      },
    ]);
    const loading = { state: 'loading', outbox: null } as const;
    const withCopy = renderHook(() => useEventOverlay(loading, EVENT, 'alice')).result.current;
    expect(withCopy.settled).toBe(true);
    expect(withCopy.overlay.byUser.get('grace')?.kind).toBe('swiped');
    // IndexedDB that would not open: the swipes the copy names still wait there.
    const unavailable = renderHook(() => useEventOverlay({ state: 'unavailable', outbox: null }, EVENT, 'alice')).result.current;
    expect(unavailable.settled).toBe(true);
    expect(unavailable.overlay.byUser.get('grace')?.kind).toBe('swiped');
    // Without the member (the other screens) or without a copy it waits for the outbox.
    expect(renderHook(() => useEventOverlay(loading, EVENT)).result.current.settled).toBe(false);
    expect(renderHook(() => useEventOverlay(loading, OTHER_EVENT, 'alice')).result.current.settled).toBe(false);
  });
});
