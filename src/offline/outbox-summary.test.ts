import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxDb } from './db';
import { createOutbox } from './outbox';
import { markOutboxAdding, recountAfterAdd, settleOutboxSummary } from './keep-outbox-summary';
import { everyOutboxKnownEmpty, outboxKnownEmpty, outboxSummaryKey, readOutboxSummary } from './outbox-summary';
import { clock, freshDb } from './test-helpers';
import { goalMutation } from './mutations/goal';
import { swipeMutation } from './mutations/swipe';
import { undoSwipeMutation } from './mutations/undo-swipe';

/**
 * The localStorage summary an offline start reads before IndexedDB opens: it must never say
 * "empty" while the member has a record, whatever happens between the two stores.
 */

const EVENT = '11111111-1111-4111-8111-111111111111';
const BOB = '33333333-3333-4333-8333-333333333333';
const CAROL = '44444444-4444-4444-8444-444444444444';

let db: OutboxDb;
let stops: Array<() => void> = [];
beforeEach(() => localStorage.clear());
afterEach(async () => {
  for (const stop of stops) stop();
  stops = [];
  await db?.delete();
});

function setup(userId = 'alice') {
  db = freshDb();
  return createOutbox({ db, userId, now: clock().now });
}

function kept(outbox: ReturnType<typeof setup>) {
  stops.push(outbox.keepSummary());
}

/** Resolves once `check` holds (Dexie's live queries answer on later ticks). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('the outbox summary', () => {
  it('is unknown until the outbox was counted, then says empty for an empty outbox', async () => {
    const outbox = setup();
    expect(outboxKnownEmpty('alice')).toBe(false);
    kept(outbox);
    await until(() => outboxKnownEmpty('alice'));
    expect(readOutboxSummary('alice')).toBe('0');
  });

  it('stops saying empty before a swipe is written, and counts every record not yet acknowledged', async () => {
    const outbox = setup();
    kept(outbox);
    await until(() => outboxKnownEmpty('alice'));

    const queued = outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    // Before the database has the record: a crash now leaves "not empty" behind.
    expect(outboxKnownEmpty('alice')).toBe(false);
    await queued;
    await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'Meet founders' });
    await until(() => readOutboxSummary('alice') === '2');
  });

  it('counts refused records too, and says empty again once the last record is gone', async () => {
    const outbox = setup();
    kept(outbox);
    const record = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'left' });
    await db.outbox.update(record.id, { state: 'failed', lastError: 'Only attendees of this event can do this.' });
    await until(() => readOutboxSummary('alice') === '1');

    await outbox.discard(record.id);
    await until(() => outboxKnownEmpty('alice'));
  });

  it('says empty after an undo that only cancelled a queued swipe, also without a live count', async () => {
    const outbox = setup();
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    expect(readOutboxSummary('alice')).toBe('1');

    const outcome = await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, toUserId: BOB });
    expect(outcome).toBeNull();
    await until(() => outboxKnownEmpty('alice'));
  });

  it('keeps "not empty" when the write fails after the mark', async () => {
    const outbox = setup();
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    db.close();
    await expect(outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: CAROL, direction: 'right' })).rejects.toThrow();
    expect(outboxKnownEmpty('alice')).toBe(false);
  });

  it('is kept per member', async () => {
    const alice = setup('alice');
    const bob = createOutbox({ db, userId: 'bob', now: clock().now });
    kept(alice);
    kept(bob);
    await alice.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    await until(() => readOutboxSummary('alice') === '1');
    await until(() => outboxKnownEmpty('bob'));
    expect(everyOutboxKnownEmpty()).toBe(false);
  });

  it('follows records written by another tab (another outbox object on the same database)', async () => {
    const here = setup();
    kept(here);
    await until(() => outboxKnownEmpty('alice'));
    const elsewhere = createOutbox({ db, userId: 'alice', now: clock().now });
    await elsewhere.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    await until(() => readOutboxSummary('alice') === '1');
  });
});

describe('writing the summary', () => {
  it('writes a count only over the value it read before counting', () => {
    localStorage.setItem(outboxSummaryKey('alice'), '3');
    settleOutboxSummary('alice', '2', 0);
    expect(readOutboxSummary('alice')).toBe('3');
    settleOutboxSummary('alice', '3', 1);
    expect(readOutboxSummary('alice')).toBe('1');
  });

  it("never writes zero over an add's mark, except the add itself once its write settled", async () => {
    const mark = markOutboxAdding('alice');
    // A count that may have started before the add reached the database.
    settleOutboxSummary('alice', mark, 0);
    expect(outboxKnownEmpty('alice')).toBe(false);
    settleOutboxSummary('alice', mark, 1);
    expect(readOutboxSummary('alice')).toBe('1');

    const failedAdd = markOutboxAdding('alice');
    await recountAfterAdd('alice', failedAdd, () => Promise.resolve(0));
    expect(outboxKnownEmpty('alice')).toBe(true);
  });

  it('leaves a newer add alone when an older one settles', async () => {
    const first = markOutboxAdding('alice');
    const second = markOutboxAdding('alice');
    await recountAfterAdd('alice', first, () => Promise.resolve(0));
    expect(readOutboxSummary('alice')).toBe(second);
  });

  it('says every outbox is empty only when at least one was counted and all are empty', () => {
    expect(everyOutboxKnownEmpty()).toBe(false);
    localStorage.setItem(outboxSummaryKey('alice'), '0');
    localStorage.setItem(outboxSummaryKey('bob'), '0');
    expect(everyOutboxKnownEmpty()).toBe(true);
    markOutboxAdding('bob');
    expect(everyOutboxKnownEmpty()).toBe(false);
  });
});
