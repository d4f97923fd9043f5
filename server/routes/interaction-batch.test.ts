import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/attendees';
import { API_ERRORS, EVENT_ERRORS, IDEMPOTENCY_ERRORS, INTERACTION_ERRORS } from '../../contract/errors';
import { INTERACTION_BATCH_MAX } from '../../contract/interaction-batch';
import { eventWithAttendees, swipingAttendee } from '../test/helpers/attendee-fixtures';
import { insertEvent, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Type = 'POSITIVE' | 'NEGATIVE';
interface Item {
  key: string;
  type: Type;
  toUserId: string;
  eventId: string;
}
const item = (type: Type, to: Member | string, eventId: string, key = randomUUID()): Item => ({
  key,
  type,
  toUserId: typeof to === 'string' ? to : to.id,
  eventId,
});

const batch = (from: Member, items: unknown) => from.client.request('POST', '/api/users/interactions/batch', { json: { items } });
/** The single call the item stands for, with its key. */
const single = (from: Member, { key, type, toUserId, eventId }: Item) =>
  from.client.request('POST', `/api/users/interactions/${type === 'POSITIVE' ? 'positive' : 'negative'}`, {
    json: { toUserId, eventId },
    headers: { [IDEMPOTENCY_HEADER]: key },
  });

async function interactionsBy(userId: string) {
  return t.db.selectFrom('interactions').select(['to_user_id', 'event_id', 'type']).where('from_user_id', '=', userId).execute();
}

async function connectionsOf(userId: string) {
  return t.db
    .selectFrom('connections')
    .selectAll()
    .where((eb) => eb.or([eb('user_a_id', '=', userId), eb('user_b_id', '=', userId)]))
    .execute();
}

async function connectionFeed(userId: string) {
  return t.db
    .selectFrom('feed_activities')
    .select(['owner_user_id', 'subject_user_id'])
    .where('type', '=', 'connection')
    .where('owner_user_id', '=', userId)
    .execute();
}

describe('POST /api/users/interactions/batch', () => {
  it('has the effect and the answers of the single calls, mutual likes included', async () => {
    const { event, me, bob, carol, dave } = await eventWithAttendees(t, 'me', 'bob', 'carol', 'dave');
    // Carol liked me first: my like completes the pair.
    expect((await single(carol, item('POSITIVE', me, event.id))).status).toBe(201);

    const items = [item('POSITIVE', bob, event.id), item('POSITIVE', carol, event.id), item('NEGATIVE', dave, event.id)];
    const res = await batch(me, items);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { key: string; status: number }) => [r.key, r.status])).toEqual(items.map((i) => [i.key, 201]));
    const [toBob, toCarol, toDave] = res.body.results.map((r: { body: unknown }) => r.body);
    expect(toBob).toEqual({
      interaction: {
        id: expect.any(String),
        type: 'POSITIVE',
        eventId: event.id,
        toUser: { id: bob.id, firstName: 'Ada', lastName: 'Lovelace', imageUrl: `/img/${bob.id}.jpg` },
        createdAt: expect.any(String),
        connected: false,
      },
      newConnection: null,
    });
    expect(toCarol.interaction).toMatchObject({ type: 'POSITIVE', connected: true });
    expect(toCarol.newConnection).toEqual({ id: carol.id, firstName: 'Ada', lastName: 'Lovelace', imageUrl: `/img/${carol.id}.jpg` });
    expect(toDave.interaction).toMatchObject({ type: 'NEGATIVE', toUser: { id: dave.id }, connected: false });

    expect(await interactionsBy(me.id)).toHaveLength(3);
    expect(await connectionsOf(me.id)).toHaveLength(1);
    expect(await connectionFeed(me.id)).toEqual([{ owner_user_id: me.id, subject_user_id: carol.id }]);
    expect(await connectionFeed(carol.id)).toEqual([{ owner_user_id: carol.id, subject_user_id: me.id }]);

    // The listing shows them newest first, in the order they were swiped.
    const listed = await me.client.get(`/api/users/interactions/${event.id}`);
    expect(listed.body.map((i: { toUser: { id: string } }) => i.toUser.id)).toEqual([dave.id, carol.id, bob.id]);
    // The deck no longer offers them.
    const deck = await me.client.get(`/api/events/${event.id}/attendees`);
    expect(deck.status).toBe(200);
    expect(deck.body.attendees).toEqual([]);
  });

  it('answers a replayed batch with the stored answers and applies nothing twice', async () => {
    const { event, me, bob, carol } = await eventWithAttendees(t, 'me', 'bob', 'carol');
    await single(bob, item('POSITIVE', me, event.id));
    const items = [item('POSITIVE', bob, event.id), item('NEGATIVE', carol, event.id)];
    const first = await batch(me, items);
    const again = await batch(me, items);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.body.results[0].body.newConnection).toMatchObject({ id: bob.id });
    expect(await interactionsBy(me.id)).toHaveLength(2);
    expect(await connectionsOf(me.id)).toHaveLength(1);
    expect(await connectionFeed(me.id)).toHaveLength(1);
  });

  it('answers each item as its single call: self, unknown and unregistered targets, hidden events, not an attendee, conflicts', async () => {
    const { event, me, bob, carol } = await eventWithAttendees(t, 'me', 'bob', 'carol');
    const elsewhere = await insertEvent(t.db);
    const stranger = await swipingAttendee(t, [elsewhere.id]);
    // A community event of a member I am not connected with.
    const hidden = await insertEvent(t.db, { sourceType: 'USER_ADDED', createdBy: stranger.id });
    await single(me, item('NEGATIVE', carol, event.id));

    const items = [
      item('POSITIVE', me, event.id),
      item('POSITIVE', stranger, event.id),
      item('POSITIVE', randomUUID(), event.id),
      item('POSITIVE', stranger, elsewhere.id),
      item('POSITIVE', bob, hidden.id),
      item('POSITIVE', bob, randomUUID()),
      item('POSITIVE', carol, event.id),
      item('NEGATIVE', carol, event.id),
      item('POSITIVE', bob, event.id),
    ];
    const res = await batch(me, items);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: number; body: unknown }) => [r.status, r.status >= 400 ? r.body : 'ok'])).toEqual([
      [400, { error: INTERACTION_ERRORS.selfInteraction, field: 'toUserId' }],
      [404, { error: API_ERRORS.userNotFound }],
      [404, { error: API_ERRORS.userNotFound }],
      [403, { error: EVENT_ERRORS.attendeesOnly }],
      [404, { error: EVENT_ERRORS.eventNotFound }],
      [404, { error: EVENT_ERRORS.eventNotFound }],
      [409, { error: INTERACTION_ERRORS.alreadyInteracted }],
      [200, 'ok'],
      [201, 'ok'],
    ]);
    expect((await interactionsBy(me.id)).map((i) => i.to_user_id).sort()).toEqual([bob.id, carol.id].sort());

    // Each item's answer is what the single call with its key answers afterwards, and the other way round.
    for (const [index, sent] of items.entries()) {
      const replay = await single(me, sent);
      expect(replay.status).toBe(res.body.results[index].status);
      expect(replay.body).toEqual(res.body.results[index].body);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    }
  });

  it('shares keys with the single calls: a stored answer is replayed, another request under a key is 422', async () => {
    const { event, me, bob, carol, dave } = await eventWithAttendees(t, 'me', 'bob', 'carol', 'dave');
    const sentAlone = item('POSITIVE', bob, event.id);
    const alone = await single(me, sentAlone);
    expect(alone.status).toBe(201);
    const reused = { ...item('NEGATIVE', carol, event.id), key: sentAlone.key };
    const inBatchTwice = item('NEGATIVE', dave, event.id);
    const res = await batch(me, [sentAlone, reused, inBatchTwice, inBatchTwice, { ...inBatchTwice, type: 'POSITIVE' }]);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([201, 422, 201, 201, 422]);
    expect(res.body.results[0].body).toEqual(alone.body);
    expect(res.body.results[1].body).toEqual({ error: IDEMPOTENCY_ERRORS.keyReused });
    expect(res.body.results[3].body).toEqual(res.body.results[2].body);
    // Keys are UUIDs in any case, as the header.
    const upper = await batch(me, [{ ...sentAlone, key: sentAlone.key.toUpperCase() }]);
    expect(upper.body.results[0]).toEqual({ key: sentAlone.key.toUpperCase(), status: 201, body: alone.body });
    expect((await interactionsBy(me.id)).map((i) => i.to_user_id).sort()).toEqual([bob.id, dave.id].sort());
  });

  it('applies one key once when batches and a single call race, and mutual likes racing make one connection', async () => {
    const { event, me, bob, carol } = await eventWithAttendees(t, 'me', 'bob', 'carol');
    const items = [item('POSITIVE', bob, event.id), item('POSITIVE', carol, event.id)];
    const answers = await Promise.all([batch(me, items), batch(me, items), single(me, items[0]!), batch(bob, [item('POSITIVE', me, event.id)])]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 201, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body.results[0].body);
    expect(await interactionsBy(me.id)).toHaveLength(2);
    expect(await connectionsOf(me.id)).toHaveLength(1);
    const completed = [answers[0]!.body.results[0].body, answers[3]!.body.results[0].body].filter((b) => b.newConnection !== null);
    expect(completed).toHaveLength(1);
    expect(await connectionFeed(me.id)).toHaveLength(1);
    expect(await connectionFeed(bob.id)).toHaveLength(1);
  });

  it('refuses bad bodies with 400 naming the field, too many items and no session, never a 500', async () => {
    const { event, me, bob } = await eventWithAttendees(t, 'me', 'bob');
    const good = item('POSITIVE', bob, event.id);
    const cases: Array<[unknown, string | undefined]> = [
      [{}, 'items'],
      [{ items: [] }, 'items'],
      [{ items: 'x' }, 'items'],
      [{ items: [{ ...good, key: 'abc' }] }, 'items.0.key'],
      [{ items: [good, { ...good, type: 'MAYBE' }] }, 'items.1.type'],
      [{ items: [{ ...good, toUserId: 42 }] }, 'items.0.toUserId'],
      [{ items: [{ type: 'POSITIVE' }] }, 'items.0.key'],
      [{ items: Array.from({ length: INTERACTION_BATCH_MAX + 1 }, () => item('POSITIVE', bob, event.id)) }, 'items'],
      [[good], undefined],
    ];
    for (const [body, field] of cases) {
      const res = await me.client.request('POST', '/api/users/interactions/batch', { json: body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(typeof res.body.error).toBe('string');
    }
    const broken = await me.client.request('POST', '/api/users/interactions/batch', { body: '{"items": [', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    const huge = await batch(
      me,
      Array.from({ length: 1000 }, () => ({ ...good, note: 'x'.repeat(100) })),
    );
    expect(huge.status).toBe(413);
    const anonymous = await t.client().request('POST', '/api/users/interactions/batch', { json: { items: [good] } });
    expect(anonymous.status).toBe(401);
    expect(await interactionsBy(me.id)).toHaveLength(0);
  });
});
