import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutbox } from './outbox';
import { clock, freshDb } from './test-helpers';
import type { OutboxDb } from './db';
import { connectionNoteMutation } from './mutations/connection-note';
import { goalMutation } from './mutations/goal';
import { profileMutation } from './mutations/profile-mutation';
import { swipeMutation } from './mutations/swipe';
import { undoSwipeMutation } from './mutations/undo-swipe';

const EVENT = '11111111-1111-4111-8111-111111111111';
const OTHER_EVENT = '22222222-2222-4222-8222-222222222222';
const BOB = '33333333-3333-4333-8333-333333333333';
const CAROL = '44444444-4444-4444-8444-444444444444';

let db: OutboxDb;
afterEach(async () => {
  await db?.delete();
});

function setup(userId = 'alice') {
  db = freshDb();
  const time = clock();
  return { time, outbox: createOutbox({ db, userId, now: time.now }) };
}

describe('outbox', () => {
  it('enqueues a swipe as a pending record whose id is a UUID', async () => {
    const { outbox, time } = setup();
    const record = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    expect(record).toMatchObject({
      kind: 'swipe',
      userId: 'alice',
      state: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: time.now(),
      nextAttemptAt: time.now(),
      payload: { eventId: EVENT, toUserId: BOB, direction: 'right' },
    });
    expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.outbox.get(record.id)).toEqual(record);
    expect(await outbox.pendingCount()).toBe(1);
  });

  it('keeps enqueue order even within one millisecond', async () => {
    const { outbox } = setup();
    const a = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const b = await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'Meet founders' });
    const c = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: CAROL, direction: 'left' });
    expect(a.createdAt).toBeLessThan(b.createdAt);
    expect(b.createdAt).toBeLessThan(c.createdAt);
    const ordered = await db.outbox.orderBy('createdAt').toArray();
    expect(ordered.map((r) => r.id)).toEqual([a.id, b.id, c.id]);
  });

  it('coalesces goal edits of one event: the newest replaces a waiting one, other events untouched', async () => {
    const { outbox } = setup();
    await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'first' });
    await outbox.enqueue(goalMutation, { eventId: OTHER_EVENT, goal: 'elsewhere' });
    const last = await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'second' });
    const goals = await db.outbox.toArray();
    expect(goals.map((r) => r.payload)).toEqual(
      expect.arrayContaining([
        { eventId: OTHER_EVENT, goal: 'elsewhere' },
        { eventId: EVENT, goal: 'second' },
      ]),
    );
    expect(goals).toHaveLength(2);
    expect(goals.some((r) => r.id === last.id)).toBe(true);
  });

  it('does not replace a goal that is being sent; the new one follows it', async () => {
    const { outbox } = setup();
    const sending = await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'first' });
    await db.outbox.update(sending.id, { state: 'sending' });
    await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'second' });
    const goals = await db.outbox.orderBy('createdAt').toArray();
    expect(goals.map((r) => (r.kind === 'goal' ? r.payload.goal : null))).toEqual(['first', 'second']);
  });

  it('keeps one profile record per member: edits merge, the newest value of each field wins, under a new key', async () => {
    const { outbox } = setup();
    const first = await outbox.enqueue(profileMutation, { changes: { role: 'Engineer', story: 'Old story' } });
    const swipe = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const second = await outbox.enqueue(profileMutation, { changes: { story: 'New story', phone: '+4670' } });
    const records = await db.outbox.orderBy('createdAt').toArray();
    expect(records.map((r) => r.id)).toEqual([swipe.id, second.id]);
    expect(second.id).not.toBe(first.id);
    expect(second.payload).toEqual({ changes: { role: 'Engineer', story: 'New story', phone: '+4670' } });
    // Another member's edits are theirs.
    const other = createOutbox({ db, userId: 'bob' });
    await other.enqueue(profileMutation, { changes: { role: 'Designer' } });
    expect((await db.outbox.toArray()).filter((r) => r.kind === 'profile')).toHaveLength(2);
  });

  it('a newer location replaces both the picked id and its text', async () => {
    const { outbox } = setup();
    await outbox.enqueue(profileMutation, { changes: { locationId: 'l-1', location: 'Oslo, Norway', role: 'Dev' } });
    const typed = await outbox.enqueue(profileMutation, { changes: { location: 'By the harbour' } });
    expect(typed.payload).toEqual({ changes: { role: 'Dev', location: 'By the harbour' } });
  });

  it('does not merge into a profile edit being sent or one the server refused', async () => {
    const { outbox } = setup();
    const sending = await outbox.enqueue(profileMutation, { changes: { role: 'First' } });
    await db.outbox.update(sending.id, { state: 'sending' });
    const refused = await outbox.enqueue(profileMutation, { changes: { story: 'Refused' } });
    await db.outbox.update(refused.id, { state: 'failed', lastError: 'Invalid content detected', failureStatus: 400 });
    const next = await outbox.enqueue(profileMutation, { changes: { phone: '123' } });
    expect(next.payload).toEqual({ changes: { phone: '123' } });
    const records = await db.outbox.orderBy('createdAt').toArray();
    expect(records.map((r) => [r.id, r.state])).toEqual([
      [sending.id, 'sending'],
      [refused.id, 'failed'],
      [next.id, 'pending'],
    ]);
    // Profile edits are no event's records.
    expect(await outbox.eventRecords(EVENT)).toEqual([]);
  });

  it('keeps the newest private note per connection; one being sent stays and the new one follows', async () => {
    const { outbox } = setup();
    await outbox.enqueue(connectionNoteMutation, { aboutUserId: BOB, note: 'first' });
    const carol = await outbox.enqueue(connectionNoteMutation, { aboutUserId: CAROL, note: 'about Carol' });
    const second = await outbox.enqueue(connectionNoteMutation, { aboutUserId: BOB, note: 'second' });
    expect((await db.outbox.orderBy('createdAt').toArray()).map((r) => r.id)).toEqual([carol.id, second.id]);
    await db.outbox.update(second.id, { state: 'sending' });
    const third = await outbox.enqueue(connectionNoteMutation, { aboutUserId: BOB, note: '' });
    const notes = (await db.outbox.orderBy('createdAt').toArray()).map((r) => (r.kind === 'connection-note' ? r.payload.note : null));
    expect(notes).toEqual(['about Carol', 'second', '']);
    expect(third.payload).toEqual({ aboutUserId: BOB, note: '' });
  });

  it('undoing a still-queued swipe removes it instead of queuing an undo', async () => {
    const { outbox } = setup();
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const kept = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: CAROL, direction: 'left' });
    const outcome = await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, toUserId: BOB });
    expect(outcome).toBeNull();
    expect((await db.outbox.toArray()).map((r) => r.id)).toEqual([kept.id]);
  });

  it('queues an undo when the swipe is being sent or was already sent', async () => {
    const { outbox } = setup();
    const swipe = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    await db.outbox.update(swipe.id, { state: 'sending' });
    const byUser = await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, toUserId: BOB });
    expect(byUser).toMatchObject({ kind: 'undo-swipe', payload: { eventId: EVENT, toUserId: BOB } });
    const byId = await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, interactionId: 'i-1' });
    expect(byId).toMatchObject({ kind: 'undo-swipe', payload: { eventId: EVENT, interactionId: 'i-1' } });
    expect(await outbox.pendingCount()).toBe(3);
  });

  it('lists queued swipes per event for the deck overlay, also from a new outbox (a reload)', async () => {
    const { outbox, time } = setup();
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    await outbox.enqueue(swipeMutation, { eventId: OTHER_EVENT, toUserId: CAROL, direction: 'left' });
    const reloaded = createOutbox({ db, userId: 'alice', now: time.now });
    expect((await reloaded.records('swipe', (r) => r.payload.eventId === EVENT)).map((r) => r.payload.toUserId)).toEqual([BOB]);
  });

  it("lists and counts only the signed-in member's records", async () => {
    const { outbox, time } = setup('alice');
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const mallory = createOutbox({ db, userId: 'mallory', now: time.now });
    expect(await mallory.pendingCount()).toBe(0);
    expect(await mallory.records('swipe')).toEqual([]);
    // Nor can another member cancel, discard or retry them.
    expect(await mallory.enqueue(undoSwipeMutation, { eventId: EVENT, toUserId: BOB })).not.toBeNull();
    const [aliceRecord] = await outbox.records('swipe');
    await mallory.discard(aliceRecord!.id);
    expect(await outbox.pendingCount()).toBe(1);
  });

  it('lists failed records with their reason; discard removes, retry requeues at once under a new key', async () => {
    const { outbox, time } = setup();
    const a = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const b = await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'x' });
    await db.outbox.update(a.id, { state: 'failed', lastError: 'You are not an attendee of this event', failureStatus: 403, attempts: 2 });
    await db.outbox.update(b.id, { state: 'failed', lastError: null, failureStatus: 422 });
    expect(await outbox.pendingCount()).toBe(0);
    const failed = await outbox.failed();
    expect(failed.map((f) => [f.record.id, f.reason, f.status])).toEqual([
      [a.id, 'You are not an attendee of this event', 403],
      [b.id, 'The change could not be saved.', 422],
    ]);
    await outbox.discard(b.id);
    time.advance(5000);
    await outbox.retry(a.id);
    expect(await outbox.failed()).toEqual([]);
    // The server keeps its refusal for the old Idempotency-Key: only a new one gets a new answer.
    expect(await db.outbox.get(a.id)).toBeUndefined();
    const [retried] = await db.outbox.toArray();
    expect(retried).toMatchObject({ kind: 'swipe', payload: a.payload, state: 'pending', attempts: 0, lastError: null, nextAttemptAt: time.now() });
    expect(retried?.id).not.toBe(a.id);
    expect(retried?.failureStatus).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });

  it('notifies live subscribers of the pending count', async () => {
    const { outbox } = setup();
    const seen: number[] = [];
    const unsubscribe = outbox.subscribePendingCount((n) => seen.push(n));
    await expect.poll(() => seen.at(-1)).toBe(0);
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: CAROL, direction: 'right' });
    await expect.poll(() => seen.at(-1)).toBe(2);
    unsubscribe();
  });
});
