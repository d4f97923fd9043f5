import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_TTL_DAYS } from '../../contract/attendees';
import { API_ERRORS, EVENT_ERRORS, IDEMPOTENCY_ERRORS, INTERACTION_ERRORS } from '../../contract/errors';
import type { AppEnv } from '../http/app-env';
import { errorHandler } from '../http/error-handler';
import { idempotent } from '../http/idempotency-middleware';
import { createLogger } from '../logger';
import { requestHash } from '../services/idempotency/claim-store';
import { eventWithAttendees, swipingAttendee } from '../test/helpers/attendee-fixtures';
import { DAY, insertEvent, newMember, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, testConfig, type TestContext } from '../test/helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** An event with two registered attendees. */
const pair = () => eventWithAttendees(t, 'one', 'two');

const like = (from: Member, to: Member, eventId: string, headers?: Record<string, string>) =>
  from.client.request('POST', '/api/users/interactions/positive', { json: { toUserId: to.id, eventId }, headers });
const pass = (from: Member, to: Member, eventId: string, headers?: Record<string, string>) =>
  from.client.request('POST', '/api/users/interactions/negative', { json: { toUserId: to.id, eventId }, headers });

/** How many interactions the member has made. */
async function interactionsBy(userId: string): Promise<number> {
  const row = await t.db.selectFrom('interactions').select(t.db.fn.countAll<string>().as('n')).where('from_user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function connectionsBetween(a: string, b: string) {
  const [x, y] = a < b ? [a, b] : [b, a];
  return t.db.selectFrom('connections').selectAll().where('user_a_id', '=', x).where('user_b_id', '=', y).execute();
}

describe('POST /api/users/interactions/positive|negative', () => {
  it('records a swipe (201), answers a repeat with the existing one (200) and refuses switching type (409)', async () => {
    const { event, one, two } = await pair();
    const first = await pass(one, two, event.id);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      interaction: {
        id: expect.any(String),
        type: 'NEGATIVE',
        eventId: event.id,
        toUser: { id: two.id, firstName: 'Ada', lastName: 'Lovelace', imageUrl: `/img/${two.id}.jpg` },
        createdAt: expect.any(String),
        connected: false,
      },
      newConnection: null,
    });
    const again = await pass(one, two, event.id);
    expect(again.status).toBe(200);
    expect(again.body.interaction.id).toBe(first.body.interaction.id);
    const switched = await like(one, two, event.id);
    expect(switched.status).toBe(409);
    expect(switched.body).toEqual({ error: INTERACTION_ERRORS.alreadyInteracted });
    expect(await interactionsBy(one.id)).toBe(1);
  });

  it('refuses self (400), a member not registered (403), a target not registered or unknown (404), a hidden event (404)', async () => {
    const { event, one } = await pair();
    const self = await like(one, one, event.id);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ error: INTERACTION_ERRORS.selfInteraction, field: 'toUserId' });

    const outsider = await swipingAttendee(t);
    const notAttending = await like(outsider, one, event.id);
    expect(notAttending.status).toBe(403);
    expect(notAttending.body).toEqual({ error: EVENT_ERRORS.attendeesOnly });

    const elsewhere = await swipingAttendee(t);
    const target = await like(one, elsewhere, event.id);
    expect(target.status).toBe(404);
    expect(target.body).toEqual({ error: API_ERRORS.userNotFound });
    const unknown = await one.client.post('/api/users/interactions/positive', { toUserId: randomUUID(), eventId: event.id });
    expect(unknown.status).toBe(404);

    const hidden = await insertEvent(t.db, { sourceType: 'USER_ADDED', createdBy: elsewhere.id });
    expect((await like(one, elsewhere, hidden.id)).status).toBe(404);
    const invalid = await one.client.post('/api/users/interactions/positive', { toUserId: 'x', eventId: event.id });
    expect(invalid.status).toBe(400);
    expect(invalid.body.field).toBe('toUserId');
  });

  it('connects a mutual like once, tells the completing side, and writes both feed entries', async () => {
    const { event, one, two } = await pair();
    const first = await like(one, two, event.id);
    expect(first.status).toBe(201);
    expect(first.body.newConnection).toBeNull();
    const second = await like(two, one, event.id);
    expect(second.status).toBe(201);
    expect(second.body.newConnection).toEqual({ id: one.id, firstName: 'Ada', lastName: 'Lovelace', imageUrl: `/img/${one.id}.jpg` });
    expect(second.body.interaction.connected).toBe(true);
    expect(await connectionsBetween(one.id, two.id)).toHaveLength(1);
    const feed = await t.db
      .selectFrom('feed_activities')
      .select(['owner_user_id', 'subject_user_id'])
      .where('type', '=', 'connection')
      .where('owner_user_id', 'in', [one.id, two.id])
      .orderBy('owner_user_id')
      .execute();
    expect(feed).toEqual(
      [
        { owner_user_id: one.id, subject_user_id: two.id },
        { owner_user_id: two.id, subject_user_id: one.id },
      ].sort((a, b) => a.owner_user_id.localeCompare(b.owner_user_id)),
    );
    // A repeat of the completing like is the existing interaction, with no second connection.
    const repeat = await like(two, one, event.id);
    expect(repeat.status).toBe(200);
    expect(repeat.body.newConnection).toBeNull();

    const connections = await one.client.get('/api/users/connections');
    expect(connections.status).toBe(200);
    expect(connections.body).toEqual([
      {
        id: two.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        imageUrl: `/img/${two.id}.jpg`,
        role: 'Engineer',
        story: 'I build things.',
        location: null,
        eventId: event.id,
        eventName: expect.any(String),
        eventStartsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        connectedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        email: expect.stringContaining('@'),
        phone: null,
        linkedinUrl: null,
      },
    ]);
    expect(Math.abs(Date.parse(connections.body[0].connectedAt) - Date.now())).toBeLessThan(60_000);
    expect((await two.client.get('/api/users/connections')).body.map((c: { id: string }) => c.id)).toEqual([one.id]);
  });

  it('makes exactly one connection when both sides like at the same moment', async () => {
    const { event, one, two } = await pair();
    const answers = await Promise.all([like(one, two, event.id), like(two, one, event.id)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers.filter((a) => a.body.newConnection !== null)).toHaveLength(1);
    expect(await connectionsBetween(one.id, two.id)).toHaveLength(1);
  });
});

describe('GET and DELETE /api/users/interactions', () => {
  it('lists own interactions at the event newest first and undoes them, never a connected one', async () => {
    const { event, one, two } = await pair();
    const three = await swipingAttendee(t, [event.id]);
    await like(one, two, event.id);
    t.clock.advance(1000);
    const passed = await pass(one, three, event.id);
    await like(two, one, event.id);
    const list = await one.client.get(`/api/users/interactions/${event.id}`);
    expect(list.status).toBe(200);
    expect(list.body.map((i: { toUser: { id: string }; type: string; connected: boolean }) => [i.toUser.id, i.type, i.connected])).toEqual([
      [three.id, 'NEGATIVE', false],
      [two.id, 'POSITIVE', true],
    ]);
    const connectedId = list.body[1].id;
    const refused = await one.client.request('DELETE', `/api/users/interactions/${connectedId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: INTERACTION_ERRORS.connectedCannotUndo });

    // Someone else's interaction is not found; an own one is undone once.
    expect((await two.client.request('DELETE', `/api/users/interactions/${passed.body.interaction.id}`)).status).toBe(404);
    expect((await one.client.request('DELETE', `/api/users/interactions/${passed.body.interaction.id}`)).status).toBe(204);
    expect((await one.client.request('DELETE', `/api/users/interactions/${passed.body.interaction.id}`)).status).toBe(404);
    expect((await one.client.request('DELETE', '/api/users/interactions/nope')).status).toBe(404);
    // Undone, the person is back in the deck and can be liked.
    const deck = await one.client.get(`/api/events/${event.id}/attendees`);
    expect(deck.body.attendees.map((a: { id: string }) => a.id)).toEqual([three.id]);
    expect((await like(one, three, event.id)).status).toBe(201);
    expect((await two.client.get(`/api/users/interactions/${event.id}`)).body).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer and no second effect', async () => {
    const { event, one, two } = await pair();
    const key = randomUUID();
    const first = await pass(one, two, event.id, { [IDEMPOTENCY_HEADER]: key });
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    // Undo without a key, then replay the swipe: the stored answer, not a new interaction.
    expect((await one.client.request('DELETE', `/api/users/interactions/${first.body.interaction.id}`)).status).toBe(204);
    const repeat = await pass(one, two, event.id, { [IDEMPOTENCY_HEADER]: key.toUpperCase() });
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect(await interactionsBy(one.id)).toBe(0);
  });

  it('replays a 204 undo and a 4xx answer as they were', async () => {
    const { event, one, two } = await pair();
    const created = await pass(one, two, event.id);
    const key = randomUUID();
    const path = `/api/users/interactions/${created.body.interaction.id}`;
    const undo = await one.client.request('DELETE', path, { headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(undo.status).toBe(204);
    const again = await one.client.request('DELETE', path, { headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(again.status).toBe(204);
    expect(again.text).toBe('');
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');

    const outsider = await swipingAttendee(t);
    const refusedKey = randomUUID();
    const refused = await like(outsider, one, event.id, { [IDEMPOTENCY_HEADER]: refusedKey });
    expect(refused.status).toBe(403);
    await registerAt(t.db, outsider.id, event.id);
    const replayed = await like(outsider, one, event.id, { [IDEMPOTENCY_HEADER]: refusedKey });
    expect(replayed.status).toBe(403);
    expect(replayed.body).toEqual(refused.body);
  });

  it('answers 422 for the same key with another request, and the key is per member', async () => {
    const { event, one, two } = await pair();
    const three = await swipingAttendee(t, [event.id]);
    const key = randomUUID();
    expect((await like(one, two, event.id, { [IDEMPOTENCY_HEADER]: key })).status).toBe(201);
    const other = await like(one, three, event.id, { [IDEMPOTENCY_HEADER]: key });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: IDEMPOTENCY_ERRORS.keyReused });
    expect((await pass(one, two, event.id, { [IDEMPOTENCY_HEADER]: key })).status).toBe(422);
    expect((await like(two, three, event.id, { [IDEMPOTENCY_HEADER]: key })).status).toBe(201);
  });

  it('applies concurrent requests with one key once, with equal answers', async () => {
    const { event, one, two } = await pair();
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => like(one, two, event.id, { [IDEMPOTENCY_HEADER]: key })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
    expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(2);
    expect(await interactionsBy(one.id)).toBe(1);
  });

  it('refuses a key that is not a UUID, and works without a key', async () => {
    const { event, one, two } = await pair();
    const res = await like(one, two, event.id, { [IDEMPOTENCY_HEADER]: 'abc' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: IDEMPOTENCY_ERRORS.invalidKey, field: IDEMPOTENCY_HEADER });
    expect(await interactionsBy(one.id)).toBe(0);
  });

  it('covers goal edits (PATCH events/{id}/attendee)', async () => {
    const { event, one } = await pair();
    const key = randomUUID();
    const path = `/api/events/${event.id}/attendee`;
    const first = await one.client.request('PATCH', path, { json: { goal: 'Meet people' }, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(first.status).toBe(200);
    await one.client.patch(path, { goal: 'Later goal' });
    const replay = await one.client.request('PATCH', path, { json: { goal: 'Meet people' }, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(replay.body).toEqual({ goal: 'Meet people' });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    const row = await t.db
      .selectFrom('event_attendees')
      .select('goal')
      .where('event_id', '=', event.id)
      .where('user_id', '=', one.id)
      .executeTakeFirstOrThrow();
    expect(row.goal).toBe('Later goal');
  });

  it('forgets a record after the TTL', async () => {
    const { event, one, two } = await pair();
    const key = randomUUID();
    const first = await pass(one, two, event.id, { [IDEMPOTENCY_HEADER]: key });
    await one.client.request('DELETE', `/api/users/interactions/${first.body.interaction.id}`);
    // Aged in place: moving the clock a month would end the member's session too.
    await t.db
      .updateTable('idempotency_records')
      .set({ created_at: new Date(t.clock.now().getTime() - (IDEMPOTENCY_TTL_DAYS + 1) * DAY) })
      .where('user_id', '=', one.id)
      .execute();
    const later = await pass(one, two, event.id, { [IDEMPOTENCY_HEADER]: key });
    expect(later.status).toBe(201);
    expect(later.headers.get('Idempotent-Replayed')).toBeNull();
    expect(later.body.interaction.id).not.toBe(first.body.interaction.id);
  });
});

describe('idempotent() middleware', () => {
  /** A route that fails the first `failures` times (5xx or an exception), then succeeds. */
  function flakyApp(userId: string, failures: number, mode: 'status' | 'throw') {
    const config = testConfig();
    const deps = { db: t.db, mailer: t.mailer, config, clock: t.clock.now, logger: createLogger(config.LOG_LEVEL) };
    let calls = 0;
    const app = new Hono<AppEnv>();
    app.onError(errorHandler(deps.logger));
    app.use('*', async (c, next) => {
      c.set('userId', userId);
      await next();
    });
    app.post('/write', idempotent(deps), (c) => {
      calls++;
      if (calls <= failures) {
        if (mode === 'throw') throw new Error('boom (test)');
        return c.json({ error: 'Unavailable' }, 503);
      }
      return c.json({ calls }, 201);
    });
    return { app, calls: () => calls };
  }

  for (const mode of ['status', 'throw'] as const) {
    it(`does not store a 5xx answer (${mode}): the retry runs again and its answer is kept`, async () => {
      const member = await newMember(t);
      const flaky = flakyApp(member.id, 2, mode);
      const key = randomUUID();
      const send = () =>
        flaky.app.request('http://localhost/write', {
          method: 'POST',
          headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
          body: '{"a":1}',
        });
      expect((await send()).status).toBeGreaterThanOrEqual(500);
      expect((await send()).status).toBeGreaterThanOrEqual(500);
      const ok = await send();
      expect(ok.status).toBe(201);
      expect(await ok.json()).toEqual({ calls: 3 });
      const replay = await send();
      expect(replay.status).toBe(201);
      expect(await replay.json()).toEqual({ calls: 3 });
      expect(flaky.calls()).toBe(3);
    });
  }

  it("answers 409 'Request in progress' with Retry-After when the first request never finishes", async () => {
    const member = await newMember(t);
    const key = randomUUID();
    const flaky = flakyApp(member.id, 0, 'status');
    const body = '{"a":1}';
    await t.db
      .insertInto('idempotency_records')
      .values({ user_id: member.id, key, request_hash: requestHash('POST', '/write', body), status: null, body: null, created_at: t.clock.now() })
      .execute();
    const res = await flaky.app.request('http://localhost/write', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
      body,
    });
    expect(res.status).toBe(409);
    expect(res.headers.get('Retry-After')).toBe('1');
    expect(await res.json()).toEqual({ error: IDEMPOTENCY_ERRORS.inProgress });
    expect(flaky.calls()).toBe(0);
  }, 15_000);
});
