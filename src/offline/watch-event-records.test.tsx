import 'fake-indexeddb/auto';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxDb, OutboxRecord } from './db';
import { createOutbox, type Outbox } from './outbox';
import { clock, freshDb } from './test-helpers';
import { useEventRecords, watchEventRecords } from './use-outbox-live';
import { swipeMutation } from './mutations/swipe';

/**
 * The event's records watched as the outbox opens at an offline start on the Meet page: the deck
 * starts from them, so they must be the current records of that event, also after another tab's add.
 */

const EVENT = 'e1';
const OTHER_EVENT = 'e2';

let db: OutboxDb;
let outbox: Outbox;
beforeEach(async () => {
  localStorage.clear();
  db = freshDb();
  outbox = createOutbox({ db, userId: 'alice', now: clock().now });
  await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: 'grace', direction: 'right' });
  await outbox.enqueue(swipeMutation, { eventId: OTHER_EVENT, toUserId: 'alan', direction: 'left' });
});
afterEach(async () => {
  await db.delete();
});

const swipedIn = (records: OutboxRecord[] | null) =>
  records?.map((r) => (r.kind === 'swipe' ? `${r.payload.direction} ${r.payload.toUserId}` : r.kind)) ?? null;

describe('the records watched as the outbox opens', () => {
  it('are at hand for the first render once firstAnswer settled: this event’s only, for this outbox only', async () => {
    const watch = watchEventRecords(outbox, EVENT);
    await watch.firstAnswer;
    expect(swipedIn(renderHook(() => useEventRecords(outbox, EVENT)).result.current)).toEqual(['right grace']);
    // Another event, or another member's outbox object, starts from nothing (waits for its own query).
    expect(swipedIn(renderHook(() => useEventRecords(createOutbox({ db, userId: 'alice' }), EVENT)).result.current)).toBeNull();
    watch.stop();
    expect(renderHook(() => useEventRecords(outbox, EVENT)).result.current).toBeNull();
  });

  it('follow a record another tab adds, so a later deck never starts from an old answer', async () => {
    const watch = watchEventRecords(outbox, EVENT);
    await watch.firstAnswer;
    const otherTab = createOutbox({ db, userId: 'alice' });
    await otherTab.enqueue(swipeMutation, { eventId: EVENT, toUserId: 'edsger', direction: 'left' });
    // What a deck mounted now starts from, before its own query answers.
    const startsFrom = () => {
      const { result, unmount } = renderHook(() => useEventRecords(outbox, EVENT));
      const first = swipedIn(result.current);
      unmount();
      return first;
    };
    // The live query answers a moment after the other tab's write.
    for (let tries = 0; tries < 50 && startsFrom()?.length !== 2; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(startsFrom()).toEqual(['right grace', 'left edsger']);
    watch.stop();
  });
});
