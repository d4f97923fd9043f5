import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxDb } from './db';
import { createOutbox, type Outbox } from './outbox';
import { markOutboxAdding, outboxSummaryKey } from './outbox-summary';
import { dropStartRecords, readStartRecords, useStartRecords } from './start-records';
import { clock, freshDb } from './test-helpers';

/**
 * The event's records read as the outbox opens at an offline start, which the deck shows from
 * until its own live answer comes: kept only while nothing can have changed them unseen.
 */

const EVENT = 'e1';
const OTHER_EVENT = 'e2';

let db: OutboxDb;
let outbox: Outbox;
beforeEach(async () => {
  localStorage.clear();
  db = freshDb();
  outbox = createOutbox({ db, userId: 'alice', now: clock().now });
  // Each add marks the summary and counts again once written: '2' afterwards.
  await outbox.enqueueSwipe({ eventId: EVENT, toUserId: 'grace', direction: 'right' });
  await outbox.enqueueSwipe({ eventId: OTHER_EVENT, toUserId: 'alan', direction: 'left' });
});
afterEach(async () => {
  dropStartRecords();
  await db.delete();
});

const swipedIn = (records: ReturnType<typeof useStartRecords>) =>
  records?.map((r) => (r.kind === 'swipe' ? `${r.payload.direction} ${r.payload.toUserId}` : r.kind)) ?? null;

describe('the records an offline start reads as the outbox opens', () => {
  it('are the event’s records, for this outbox and event only', async () => {
    expect(localStorage.getItem(outboxSummaryKey('alice'))).toBe('2');
    await readStartRecords(outbox, EVENT);
    expect(swipedIn(renderHook(() => useStartRecords(outbox, EVENT)).result.current)).toEqual(['right grace']);
    expect(renderHook(() => useStartRecords(outbox, OTHER_EVENT)).result.current).toBeNull();
    expect(renderHook(() => useStartRecords(createOutbox({ db, userId: 'alice' }), EVENT)).result.current).toBeNull();
    expect(renderHook(() => useStartRecords(null, EVENT)).result.current).toBeNull();
  });

  it('are not kept while an add is under way, nor when the outbox was never counted', async () => {
    markOutboxAdding('alice');
    await readStartRecords(outbox, EVENT);
    expect(renderHook(() => useStartRecords(outbox, EVENT)).result.current).toBeNull();

    localStorage.clear();
    await readStartRecords(outbox, EVENT);
    expect(renderHook(() => useStartRecords(outbox, EVENT)).result.current).toBeNull();
  });

  it('are not kept when an add began while they were read (they may miss its record)', async () => {
    const reading = readStartRecords(outbox, EVENT);
    markOutboxAdding('alice');
    await reading;
    expect(renderHook(() => useStartRecords(outbox, EVENT)).result.current).toBeNull();
  });

  it('are dropped when another tab changes the member’s outbox, and then the deck waits for its live answer', async () => {
    await readStartRecords(outbox, EVENT);
    const { result } = renderHook(() => useStartRecords(outbox, EVENT));
    expect(swipedIn(result.current)).toEqual(['right grace']);
    act(() => {
      markOutboxAdding('alice');
      window.dispatchEvent(new StorageEvent('storage', { key: outboxSummaryKey('alice') }));
    });
    expect(result.current).toBeNull();
  });
});
