import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxDb } from './db';
import { createOutbox } from './outbox';
import { createSyncEngine, type SyncResult } from './sync-engine';
import { clock, fakeNetwork, freshDb, manualTimers, memoryLock } from './test-helpers';
import { connectMutation } from './mutations/connect';

/** The 'connect' record: a QR code scanned (or Connect pressed) without network, sent once later. */

const ADA = '33333333-3333-4333-8333-333333333333';
const CAROL = '44444444-4444-4444-8444-444444444444';

let db: OutboxDb;
const engines: { stop(): void }[] = [];
afterEach(async () => {
  engines.splice(0).forEach((engine) => engine.stop());
  await db?.delete();
});

function setup() {
  db = freshDb();
  const time = clock();
  const net = fakeNetwork();
  const results: SyncResult[] = [];
  const outbox = createOutbox({ db, userId: 'bob', now: time.now });
  const engine = createSyncEngine({
    userId: 'bob',
    db,
    send: net.send,
    now: time.now,
    random: () => 0.5,
    lock: memoryLock(),
    schedule: manualTimers().schedule,
    onResult: (result) => results.push(result),
  });
  engines.push(engine);
  return { time, net, results, outbox, engine };
}

const connects = async () => (await db.outbox.toArray()).filter((r) => r.kind === 'connect');

describe('connect records', () => {
  it('the same person scanned twice while waiting is one record, and one request', async () => {
    const { outbox, net, engine } = setup();
    const first = await outbox.enqueue(connectMutation, { userId: ADA, secret: 'abc' });
    const again = await outbox.enqueue(connectMutation, { userId: ADA, secret: 'abc' });
    expect(again.id).toBe(first.id);
    expect(await connects()).toHaveLength(1);

    engine.start();
    await engine.syncNow();
    expect(net.requests).toEqual([{ method: 'POST', path: `users/${ADA}/connect/abc`, idempotencyKey: first.id }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('one being sent is not queued twice; another person gets their own record', async () => {
    const { outbox } = setup();
    const first = await outbox.enqueue(connectMutation, { userId: ADA, secret: 'abc' });
    await db.outbox.update(first.id, { state: 'sending' });
    expect((await outbox.enqueue(connectMutation, { userId: ADA, secret: 'abc' })).id).toBe(first.id);
    const carol = await outbox.enqueue(connectMutation, { userId: CAROL, secret: 'xyz' });
    expect((await connects()).map((r) => r.id).sort()).toEqual([first.id, carol.id].sort());
  });

  it('a newer link of the same person replaces the waiting one under a new key; a refused one gives way', async () => {
    const { outbox } = setup();
    const old = await outbox.enqueue(connectMutation, { userId: ADA, secret: 'old' });
    const rotated = await outbox.enqueue(connectMutation, { userId: ADA, secret: 'new' });
    expect(rotated.id).not.toBe(old.id);
    expect((await connects()).map((r) => r.payload)).toEqual([{ userId: ADA, secret: 'new' }]);

    await db.outbox.update(rotated.id, { state: 'failed' });
    const retried = await outbox.enqueue(connectMutation, { userId: ADA, secret: 'new' });
    expect(retried.id).not.toBe(rotated.id);
    expect((await connects()).map((r) => [r.id, r.state])).toEqual([[retried.id, 'pending']]);
  });

  it('without network it waits, and is sent exactly once with the same key when the network returns', async () => {
    const { outbox, net, engine, results, time } = setup();
    const record = await outbox.enqueue(connectMutation, { userId: ADA, secret: 'abc' });
    engine.start();
    net.queue({ status: 0 }, { status: 0 });
    await engine.syncNow();
    time.set((await db.outbox.get(record.id))!.nextAttemptAt);
    await engine.syncNow();
    expect(await db.outbox.get(record.id)).toMatchObject({ state: 'pending', attempts: 2 });

    net.queue({ status: 200, body: { connected: true, newConnection: true } });
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => db.outbox.count()).toBe(0);
    await engine.syncNow();
    expect(net.requests.map((r) => r.idempotencyKey)).toEqual([record.id, record.id, record.id]);
    expect(results.map((r) => r.type)).toEqual(['sent']);
  });

  it('a link that no longer works (404) fails the record instead of retrying it', async () => {
    const { outbox, net, engine, results } = setup();
    const record = await outbox.enqueue(connectMutation, { userId: ADA, secret: 'rotated' });
    net.queue({ status: 404, body: { error: 'User not found' } });
    engine.start();
    await engine.syncNow();
    expect(await db.outbox.get(record.id)).toMatchObject({ state: 'failed', lastError: 'User not found' });
    expect(results.map((r) => r.type)).toEqual(['failed']);
    expect(net.requests).toHaveLength(1);
  });
});
