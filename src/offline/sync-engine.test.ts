import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxDb } from './db';
import { leaseLock, OUTBOX_LOCK_NAME } from './lock';
import { createOutbox } from './outbox';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS } from './retry';
import { createSyncEngine, type SyncEngineOptions, type SyncResult } from './sync-engine';
import { batchAnswer, batchItems, clock, fakeNetwork, freshDb, manualTimers, memoryLock, sentKeys } from './test-helpers';
import { goalMutation } from './mutations/goal';
import { swipeMutation } from './mutations/swipe';
import { undoSwipeMutation } from './mutations/undo-swipe';

const EVENT = '11111111-1111-4111-8111-111111111111';
const BOB = '33333333-3333-4333-8333-333333333333';
const CAROL = '44444444-4444-4444-8444-444444444444';

let db: OutboxDb;
const engines: { stop(): void }[] = [];
afterEach(async () => {
  engines.splice(0).forEach((e) => e.stop());
  await db?.delete();
});

function setup(overrides: Partial<SyncEngineOptions> = {}) {
  db = freshDb();
  const time = clock();
  const net = fakeNetwork();
  const timers = manualTimers();
  const results: SyncResult[] = [];
  const outbox = createOutbox({ db, userId: 'alice', now: time.now });
  const make = (more: Partial<SyncEngineOptions> = {}) => {
    const engine = createSyncEngine({
      userId: 'alice',
      db,
      send: net.send,
      now: time.now,
      random: () => 0.5,
      lock: memoryLock(),
      schedule: timers.schedule,
      onResult: (r) => results.push(r),
      ...overrides,
      ...more,
    });
    engines.push(engine);
    return engine;
  };
  return { time, net, timers, results, outbox, make };
}

describe('sync engine', () => {
  it('sends each kind with its id as Idempotency-Key in createdAt order and deletes it on 2xx', async () => {
    const { net, outbox, make, results } = setup();
    const newConnection = { id: BOB, firstName: 'Bob', lastName: 'B', imageUrl: null };
    net.setDefault((r) => (r.path.endsWith('positive') ? { status: 201, body: { interaction: {}, newConnection } } : { status: 200 }));
    const right = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const goal = await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'Find a cofounder' });
    const left = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: CAROL, direction: 'left' });
    const undo = await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, interactionId: 'int-9' });
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect(net.requests).toEqual([
      { method: 'POST', path: 'users/interactions/positive', body: { toUserId: BOB, eventId: EVENT }, idempotencyKey: right.id },
      { method: 'PATCH', path: `events/${EVENT}/attendee`, body: { goal: 'Find a cofounder' }, idempotencyKey: goal.id },
      { method: 'POST', path: 'users/interactions/negative', body: { toUserId: CAROL, eventId: EVENT }, idempotencyKey: left.id },
      { method: 'DELETE', path: 'users/interactions/int-9', idempotencyKey: undo!.id },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(results.map((r) => r.type)).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(results[0]).toMatchObject({ type: 'sent', newConnection });
    expect(results[2]).toMatchObject({ type: 'sent', newConnection: null });
  });

  it('an undo that knows only the other member looks the interaction up first', async () => {
    const { net, outbox, make } = setup();
    const swipe = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    await db.outbox.update(swipe.id, { state: 'sending' }); // being sent when the member pressed Undo
    const undo = await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, toUserId: BOB });
    net.queue({ status: 201 }, { status: 200, body: [{ id: 'int-7', toUser: { id: BOB } }] }, { status: 204 });
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect(net.requests.map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', 'users/interactions/positive', swipe.id],
      ['GET', `users/interactions/${EVENT}`, undefined],
      ['DELETE', 'users/interactions/int-7', undo!.id],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('backs off exponentially with full jitter on network errors and 5xx, then succeeds', async () => {
    let randomValue = 0.999;
    const { net, outbox, make, time, timers } = setup({ random: () => randomValue });
    const swipe = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const engine = make();
    engine.start();
    const delays: number[] = [];
    const statuses = [0, 500, 502, 503, 0, 0, 0, 0, 0, 0, 0, 0];
    for (const status of statuses) {
      net.queue({ status });
      await engine.syncNow();
      const record = (await db.outbox.get(swipe.id))!;
      delays.push(record.nextAttemptAt - time.now());
      expect(record.state).toBe('pending');
      // A timer is set for the record's next attempt and nothing is sent before it.
      expect(timers.active().at(-1)?.delayMs).toBe(record.nextAttemptAt - time.now());
      const sent = net.requests.length;
      await engine.syncNow();
      expect(net.requests.length).toBe(sent);
      time.set(record.nextAttemptAt);
    }
    // With random just under 1 each delay is just under its ceiling: 1 s, 2 s, 4 s ... capped at 5 min.
    const ceilings = statuses.map((_, i) => Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** i));
    delays.forEach((d, i) => {
      expect(d).toBeLessThan(ceilings[i]!);
      expect(d).toBeGreaterThanOrEqual(Math.floor(ceilings[i]! * 0.999));
    });
    expect(delays.at(-1)).toBeLessThan(BACKOFF_CAP_MS);
    // Full jitter: with random 0 the wait is 0 (the lower bound), so the same drain tries again at once.
    randomValue = 0;
    const before = net.requests.length;
    net.queue({ status: 500 });
    await engine.syncNow();
    expect(net.requests.length).toBe(before + 2);
    expect(await db.outbox.count()).toBe(0);
    expect(new Set(net.requests.map((r) => r.idempotencyKey))).toEqual(new Set([swipe.id]));
  });

  it('a record waiting for its retry holds back the ones after it (order is kept)', async () => {
    const { net, outbox, make, time } = setup();
    const first = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const second = await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, interactionId: 'int-1' });
    net.queue({ status: 503 });
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect(net.requests).toHaveLength(1);
    time.set((await db.outbox.get(first.id))!.nextAttemptAt);
    await engine.syncNow();
    expect(net.requests.map((r) => r.idempotencyKey)).toEqual([first.id, first.id, second!.id]);
  });

  it('honours Retry-After in seconds and as an HTTP date on 429 and 503', async () => {
    const { net, outbox, make, time } = setup();
    const swipe = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const engine = make();
    engine.start();
    net.queue({ status: 429, retryAfter: '120' });
    await engine.syncNow();
    // Never sooner than asked, and later by a random part of up to half of it (random() is 0.5 here).
    expect((await db.outbox.get(swipe.id))!.nextAttemptAt).toBe(time.now() + 120_000 + 30_000);
    time.advance(149_000);
    await engine.syncNow();
    expect(net.requests).toHaveLength(1);
    time.advance(1_000);
    const at = new Date(time.now() + 45_000).toUTCString();
    net.queue({ status: 503, retryAfter: at });
    await engine.syncNow();
    const record = (await db.outbox.get(swipe.id))!;
    // HTTP dates have whole seconds.
    expect(record.nextAttemptAt).toBe(Date.parse(at) + Math.floor(0.5 * ((Date.parse(at) - time.now()) / 2)));
    expect(record.attempts).toBe(2);
  });

  it("retries a 409 'Request in progress' after its Retry-After instead of failing the record", async () => {
    const { net, outbox, make, time } = setup();
    const swipe = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const engine = make();
    engine.start();
    net.queue({ status: 409, body: { error: 'Request in progress' }, retryAfter: '1' });
    await engine.syncNow();
    const waiting = (await db.outbox.get(swipe.id))!;
    expect(waiting.state).toBe('pending');
    expect(waiting.nextAttemptAt).toBe(time.now() + 1_000 + 500);
    time.advance(1_500);
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(net.requests.map((r) => r.idempotencyKey)).toEqual([swipe.id, swipe.id]);
    // Any other 409 is a refusal.
    const other = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: CAROL, direction: 'right' });
    net.queue({ status: 409, body: { error: 'Already interacted' } });
    await engine.syncNow();
    expect((await db.outbox.get(other.id))!.state).toBe('failed');
  });

  it('when the network returns, records that only missed the network are due at once; server waits stay', async () => {
    const { net, outbox, make, time } = setup({ random: () => 0.999 });
    const first = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const engine = make();
    engine.start();
    // Offline for a while: every try fails without an answer and the backoff grows.
    for (let i = 0; i < 8; i++) {
      net.queue({ status: 0 });
      await engine.syncNow();
      time.set((await db.outbox.get(first.id))!.nextAttemptAt);
    }
    net.queue({ status: 0 });
    await engine.syncNow();
    expect((await db.outbox.get(first.id))!.nextAttemptAt - time.now()).toBeGreaterThan(60_000);
    const sent = net.requests.length;
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => db.outbox.count()).toBe(0);
    expect(net.requests.length).toBe(sent + 1);

    // A server that asked to wait (429 with Retry-After) is still obeyed.
    const second = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: CAROL, direction: 'right' });
    net.queue({ status: 429, retryAfter: '120' });
    await engine.syncNow();
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(net.requests.length).toBe(sent + 2);
    // Never sooner than asked, later by a random part of up to half of it (random() is 0.999 here).
    expect((await db.outbox.get(second.id))!.nextAttemptAt).toBe(time.now() + 120_000 + Math.floor(0.999 * 60_000));
  });

  it('401 pauses the whole outbox and keeps the records until resume()', async () => {
    const { net, outbox, make, results } = setup();
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'x' });
    net.queue({ status: 401, body: { error: 'Unauthorized' } });
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect(engine.isPaused()).toBe(true);
    expect(results).toEqual([{ type: 'paused' }]);
    expect(net.requests).toHaveLength(1);
    expect(await outbox.pendingCount()).toBe(2);
    expect((await db.outbox.toArray()).every((r) => r.state === 'pending' && r.attempts === 0)).toBe(true);
    // Triggers do nothing while paused.
    window.dispatchEvent(new Event('online'));
    await engine.syncNow();
    expect(net.requests).toHaveLength(1);
    await engine.resume();
    expect(engine.isPaused()).toBe(false);
    expect(net.requests).toHaveLength(3);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([400, 403, 404, 409, 422])('%i marks the record failed with its reason and goes on', async (status) => {
    const { net, outbox, make, results } = setup();
    const bad = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const good = await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'x' });
    net.queue({ status, body: { error: `Refused ${status}` } });
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect(net.requests.map((r) => r.idempotencyKey)).toEqual([bad.id, good.id]);
    expect(await db.outbox.get(bad.id)).toMatchObject({ state: 'failed', lastError: `Refused ${status}`, failureStatus: status });
    expect(await outbox.failed()).toEqual([expect.objectContaining({ reason: `Refused ${status}`, status })]);
    expect(results[0]).toMatchObject({ type: 'failed', reason: `Refused ${status}`, status });
    // Failed records are not resent until retried; retry sends it again under a new key (the
    // server replays its stored refusal for the old one).
    await engine.syncNow();
    expect(net.requests).toHaveLength(2);
    await outbox.retry(bad.id);
    await engine.syncNow();
    const keys = net.requests.map((r) => r.idempotencyKey);
    expect(keys.slice(0, 2)).toEqual([bad.id, good.id]);
    expect(keys[2]).not.toBe(bad.id);
    expect(net.requests[2]?.body).toEqual(net.requests[0]?.body);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a failure without an error body gets a generic reason; discard drops it', async () => {
    const { net, outbox, make } = setup();
    const bad = await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'x' });
    net.queue({ status: 422 });
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect((await outbox.failed())[0]?.reason).toBe('The server refused this change (422).');
    await outbox.discard(bad.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an undo whose interaction is already gone (404) counts as done', async () => {
    const { net, outbox, make } = setup();
    await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, interactionId: 'int-1' });
    net.queue({ status: 404, body: { error: 'Not found' } });
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
  });

  it('never sends records of another member', async () => {
    const { net, outbox, make, time } = setup();
    const mallory = createOutbox({ db, userId: 'mallory', now: time.now });
    await mallory.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const mine = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: CAROL, direction: 'left' });
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect(net.requests.map((r) => r.idempotencyKey)).toEqual([mine.id]);
    expect(await mallory.pendingCount()).toBe(1);
  });

  it('two engines on one database with a shared lock send each record exactly once', async () => {
    const { net, outbox, time, timers } = setup();
    const ids = [];
    for (let i = 0; i < 20; i++) {
      ids.push((await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: crypto.randomUUID(), direction: 'right' })).id);
    }
    // Slow answers so the two drains overlap.
    const base = net.send;
    const slow: typeof base = async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      return base(r);
    };
    const lock = memoryLock();
    const options = { userId: 'alice', db, now: time.now, schedule: timers.schedule, send: slow, lock };
    const a = createSyncEngine(options);
    const b = createSyncEngine(options);
    engines.push(a, b);
    a.start();
    b.start();
    await Promise.all([a.syncNow(), b.syncNow(), a.syncNow(), b.syncNow()]);
    expect(sentKeys(net.requests)).toEqual(ids);
    expect(await db.outbox.count()).toBe(0);
  });

  it('with the IndexedDB lease fallback only one of two engines drains', async () => {
    const { net, outbox, time, timers } = setup();
    const ids = [];
    for (let i = 0; i < 10; i++) {
      ids.push((await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: crypto.randomUUID(), direction: 'left' })).id);
    }
    const slow: typeof net.send = async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      return net.send(r);
    };
    const common = { userId: 'alice', db, now: time.now, schedule: timers.schedule, send: slow };
    const a = createSyncEngine({ ...common, lock: leaseLock({ db, owner: 'tab-a', now: time.now }) });
    const b = createSyncEngine({ ...common, lock: leaseLock({ db, owner: 'tab-b', now: time.now }) });
    engines.push(a, b);
    a.start();
    b.start();
    await Promise.all([a.syncNow(), b.syncNow()]);
    expect(sentKeys(net.requests)).toEqual(ids);
    // The one that found the lease taken retries later by timer; the lease is released.
    expect(timers.active().some((t) => t.delayMs === 2_000)).toBe(true);
    expect(await db.leases.count()).toBe(0);
  });

  it('does not drain while another tab holds a live lease', async () => {
    const { net, outbox, time, make } = setup();
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    await db.leases.put({ name: OUTBOX_LOCK_NAME, owner: 'other-tab', expiresAt: time.now() + 10_000 });
    const engine = make({ lock: leaseLock({ db, owner: 'me', now: time.now }) });
    engine.start();
    await engine.syncNow();
    expect(net.requests).toHaveLength(0);
    time.advance(10_001);
    await engine.syncNow();
    expect(net.requests).toHaveLength(1);
  });

  it('a record left sending by a crash (stale lease) is resent with the same Idempotency-Key', async () => {
    const { net, outbox, time, make, results } = setup();
    // A tab sent this swipe and died before deleting it: the record is 'sending' and its lease is stale.
    const swipe = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    await db.outbox.update(swipe.id, { state: 'sending' });
    await db.leases.put({ name: OUTBOX_LOCK_NAME, owner: 'dead-tab', expiresAt: time.now() - 1 });
    // The server applied it the first time; the replay gets the first answer back.
    const first = { interaction: { id: 'int-1' }, newConnection: null };
    net.queue({ status: 201, body: first });
    const engine = make({ lock: leaseLock({ db, owner: 'new-tab', now: time.now }) });
    engine.start();
    await engine.syncNow();
    expect(net.requests).toEqual([{ method: 'POST', path: 'users/interactions/positive', body: { toUserId: BOB, eventId: EVENT }, idempotencyKey: swipe.id }]);
    expect(results).toEqual([expect.objectContaining({ type: 'sent', body: first })]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('tries nothing while the browser knows it is offline, so an undo still forgets the swipe; the online event sends', async () => {
    let online = false;
    const { net, outbox, make } = setup({ isOnline: () => online });
    const engine = make();
    engine.start();
    const kept = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: CAROL, direction: 'left' });
    await engine.syncNow();
    expect(net.requests).toEqual([]);
    expect((await db.outbox.toArray()).map((r) => [r.state, r.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, toUserId: CAROL })).toBeNull();

    online = true;
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => net.requests.length).toBe(1);
    expect(net.requests[0]).toMatchObject({ idempotencyKey: kept.id });
    await expect.poll(() => db.outbox.count()).toBe(0);
  });

  it('drains on the online event, a service-worker message and a due timer', async () => {
    // happy-dom has no service worker container: give the page one to receive the worker's message.
    const container = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    const { net, outbox, make, timers, time } = setup();
    const engine = make();
    engine.start();
    await engine.syncNow();
    await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => net.requests.length).toBe(1);

    const swipe = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: CAROL, direction: 'right' });
    net.queue({ status: 500 });
    await engine.syncNow();
    expect(net.requests).toHaveLength(2);
    const timer = timers.active().at(-1)!;
    time.set((await db.outbox.get(swipe.id))!.nextAttemptAt);
    timer.fn();
    await expect.poll(() => net.requests.length).toBe(3);
    expect(await db.outbox.count()).toBe(0);

    await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'y' });
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'outbox-sync' } }));
    await expect.poll(() => net.requests.length).toBe(4);
    engine.stop();
    await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'z' });
    window.dispatchEvent(new Event('online'));
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'outbox-sync' } }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Stopped: neither trigger sends any more.
    expect(net.requests.length).toBe(4);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
});

describe('sync engine: runs of swipes as one batch', () => {
  const swipeTo = (outbox: ReturnType<typeof setup>['outbox'], direction: 'right' | 'left' = 'right') =>
    outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: crypto.randomUUID(), direction });

  it('sends consecutive due swipes as batches of at most 100, in order, and a lone swipe alone', async () => {
    const { net, outbox, make, results } = setup();
    const newConnection = { id: BOB, firstName: 'Bob', lastName: 'B', imageUrl: null };
    net.setDefault((r) =>
      batchItems(r)
        ? batchAnswer(r, (item) => ({ status: 201, body: { interaction: { id: item.key }, newConnection: item.toUserId === BOB ? newConnection : null } }))
        : { status: 201, body: {} },
    );
    const liked = await outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' });
    const run = [liked];
    for (let i = 0; i < 149; i++) run.push(await swipeTo(outbox, i % 2 ? 'left' : 'right'));
    const goal = await outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'Meet people' });
    const lone = await swipeTo(outbox);
    const engine = make();
    engine.start();
    await engine.syncNow();

    expect(net.requests.map((r) => [r.method, r.path, batchItems(r)?.length ?? null])).toEqual([
      ['POST', 'users/interactions/batch', 100],
      ['POST', 'users/interactions/batch', 50],
      ['PATCH', `events/${EVENT}/attendee`, null],
      ['POST', 'users/interactions/positive', null],
    ]);
    expect(batchItems(net.requests[0]!)![0]).toEqual({ key: liked.id, type: 'POSITIVE', toUserId: BOB, eventId: EVENT });
    expect(batchItems(net.requests[0]!)![1]).toMatchObject({ key: run[1]!.id, type: 'POSITIVE' });
    expect(batchItems(net.requests[0]!)![2]).toMatchObject({ key: run[2]!.id, type: 'NEGATIVE' });
    // A batch has no key of its own: each item carries its record's.
    expect(net.requests[0]!.idempotencyKey).toBeUndefined();
    expect(sentKeys(net.requests)).toEqual([...run.map((r) => r.id), goal.id, lone.id]);
    expect(await db.outbox.count()).toBe(0);
    expect(results.map((r) => (r.type === 'sent' ? r.record.id : r.type))).toEqual([...run.map((r) => r.id), goal.id, lone.id]);
    expect(results[0]).toMatchObject({ type: 'sent', newConnection, body: { interaction: { id: liked.id }, newConnection } });
    expect(results[1]).toMatchObject({ type: 'sent', newConnection: null });
  });

  it('ends a run at a record of another kind and at a swipe waiting for its retry', async () => {
    const { net, outbox, make, time } = setup();
    const [a, b] = [await swipeTo(outbox), await swipeTo(outbox)];
    const undo = await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, interactionId: 'int-1' });
    const [c, d, e] = [await swipeTo(outbox), await swipeTo(outbox), await swipeTo(outbox)];
    await db.outbox.update(e.id, { nextAttemptAt: time.now() + 60_000 });
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect(net.requests.map((r) => batchItems(r)?.map((i) => i.key) ?? r.idempotencyKey)).toEqual([[a.id, b.id], undo!.id, [c.id, d.id]]);
    expect((await db.outbox.toArray()).map((r) => r.id)).toEqual([e.id]);
  });

  it('settles each record by its own answer: done, failed with its reason, retried later', async () => {
    const { net, outbox, make, results, timers } = setup();
    const [ok, refused, busy, replayed] = [await swipeTo(outbox), await swipeTo(outbox), await swipeTo(outbox), await swipeTo(outbox)];
    net.queue(
      batchAnswer({ method: 'POST', path: 'users/interactions/batch', body: { items: [ok, refused, busy, replayed].map((r) => ({ key: r.id })) } }, (item) =>
        item.key === refused.id
          ? { status: 403, body: { error: 'Only attendees of this event can do this' } }
          : item.key === busy.id
            ? { status: 409, body: { error: 'Request in progress' } }
            : { status: item.key === ok.id ? 201 : 200 },
      ),
    );
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect(net.requests).toHaveLength(1);
    expect(results.map((r) => [r.type, r.type === 'paused' ? null : r.record.id])).toEqual([
      ['sent', ok.id],
      ['failed', refused.id],
      ['sent', replayed.id],
    ]);
    expect(results[1]).toMatchObject({ reason: 'Only attendees of this event can do this', status: 403 });
    const left = await db.outbox.orderBy('createdAt').toArray();
    expect(left.map((r) => [r.id, r.state, r.attempts, r.lastError])).toEqual([
      [refused.id, 'failed', 0, 'Only attendees of this event can do this'],
      [busy.id, 'pending', 1, 'Request in progress'],
    ]);
    // The record in progress is tried again later, alone.
    expect(timers.active()).toHaveLength(1);
  });

  it('applies a failure of the whole batch to every record: retry with one backoff, 401 pauses once', async () => {
    const { net, outbox, make, results, time } = setup();
    const records = [await swipeTo(outbox), await swipeTo(outbox), await swipeTo(outbox)];
    net.queue({ status: 503, body: { error: 'Service unavailable' }, retryAfter: '7' }, { status: 0 }, { status: 401, body: { error: 'Not authenticated' } });
    const engine = make();
    engine.start();
    await engine.syncNow();
    let stored = await db.outbox.toArray();
    expect(stored.map((r) => [r.state, r.attempts, r.nextAttemptAt, r.lastStatus])).toEqual(records.map(() => ['pending', 1, time.now() + 7_000 + 1_750, 503]));

    time.advance(7_000 + 1_750);
    await engine.syncNow();
    stored = await db.outbox.toArray();
    expect(new Set(stored.map((r) => r.nextAttemptAt)).size).toBe(1);
    expect(stored.map((r) => [r.attempts, r.lastStatus])).toEqual(records.map(() => [2, 0]));

    time.advance(BACKOFF_CAP_MS);
    await engine.syncNow();
    expect(net.requests.map((r) => batchItems(r)?.length)).toEqual([3, 3, 3]);
    expect(results).toEqual([{ type: 'paused' }]);
    expect(engine.isPaused()).toBe(true);
    expect((await db.outbox.toArray()).map((r) => [r.state, r.lastError])).toEqual(records.map(() => ['pending', 'Not authenticated']));
  });

  it('falls back to single sends on a server without the batch path (404/405), and for a batch it refuses as such', async () => {
    const { net, outbox, make, results } = setup();
    const first = [await swipeTo(outbox), await swipeTo(outbox, 'left')];
    net.setDefault((r) => (batchItems(r) ? { status: 404, body: { error: 'Not found' } } : { status: 201, body: {} }));
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect(net.requests.map((r) => [r.path, r.idempotencyKey])).toEqual([
      ['users/interactions/batch', undefined],
      ['users/interactions/positive', first[0]!.id],
      ['users/interactions/negative', first[1]!.id],
    ]);
    // The engine remembers: later runs go one by one at once.
    const later = [await swipeTo(outbox), await swipeTo(outbox)];
    await engine.syncNow();
    expect(net.requests.slice(3).map((r) => r.idempotencyKey)).toEqual(later.map((r) => r.id));
    expect(results.filter((r) => r.type === 'sent')).toHaveLength(4);

    // Another engine (a server that has the path) sends a refused batch (400) one by one, this time.
    const second = setup();
    const records = [await swipeTo(second.outbox), await swipeTo(second.outbox)];
    second.net.queue(
      { status: 400, body: { error: 'Invalid id', field: 'items.1.toUserId' } },
      { status: 201 },
      { status: 400, body: { error: 'Invalid id', field: 'toUserId' } },
    );
    const other = second.make();
    other.start();
    await other.syncNow();
    expect(second.net.requests.map((r) => r.path)).toEqual(['users/interactions/batch', 'users/interactions/positive', 'users/interactions/positive']);
    expect(second.results.map((r) => r.type)).toEqual(['sent', 'failed']);
    expect((await db.outbox.toArray()).map((r) => [r.id, r.state])).toEqual([[records[1]!.id, 'failed']]);
  });

  it('a run left sending by a crash is sent again with the same keys', async () => {
    const { net, outbox, make } = setup();
    const records = [await swipeTo(outbox), await swipeTo(outbox), await swipeTo(outbox)];
    await db.outbox.bulkUpdate(records.map((r) => ({ key: r.id, changes: { state: 'sending' as const } })));
    const engine = make();
    engine.start();
    await engine.syncNow();
    expect(sentKeys(net.requests)).toEqual(records.map((r) => r.id));
    expect(net.requests).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });
});
