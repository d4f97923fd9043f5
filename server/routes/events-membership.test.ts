import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, EVENT_ERRORS } from '../../contract/errors';
import { TIME_ZONE_ERROR } from '../../contract/user-event-request';
import { COMMUNITY_EVENT_IMAGE_URL } from '../db/seed/media';
import { COMMUNITY_EVENT_DESCRIPTION, COMMUNITY_EVENT_LOCATION } from '../services/events/membership';
import { connect, DAY, HOUR, insertEvent, newMember, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

let t: TestContext;
let member: Member;
beforeAll(async () => {
  t = await createTestContext();
  member = await newMember(t);
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY);

async function feedOf(userId: string) {
  return t.db.selectFrom('feed_activities').select(['subject_user_id', 'type', 'event_id']).where('owner_user_id', '=', userId).execute();
}

describe('POST /api/events/{id}/join', () => {
  it('registers the member with a goal and answers 201 with the full event', async () => {
    const event = await insertEvent(t.db, { name: 'Joinable' });
    const me = await newMember(t);
    const res = await me.client.post(`/api/events/${event.id}/join`, { goal: '  Find a co-founder  ' });
    expect(res.status).toBe(201);
    expect(res.body.eventData).toMatchObject({ id: event.id, name: 'Joinable', isRegistered: true, goal: 'Find a co-founder', attendeeCount: 1 });
    const empty = await (await newMember(t)).client.post(`/api/events/${event.id}/join`, { secret: '', goal: '' });
    expect(empty.status).toBe(201);
    expect(empty.body.eventData.goal).toBeNull();
  });

  it("answers 400 'Already registered' the second time, with or without the secret", async () => {
    const event = await insertEvent(t.db);
    const me = await newMember(t);
    expect((await me.client.post(`/api/events/${event.id}/join`, { goal: '' })).status).toBe(201);
    for (const body of [{ goal: '' }, { secret: event.joinSecret, goal: 'again' }, { secret: 'wrong', goal: '' }]) {
      const again = await me.client.post(`/api/events/${event.id}/join`, body);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: EVENT_ERRORS.alreadyRegistered });
    }
    const count = await t.db
      .selectFrom('event_attendees')
      .select(t.db.fn.countAll<string>().as('n'))
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('joins once under concurrent requests', async () => {
    const event = await insertEvent(t.db);
    const me = await newMember(t);
    const answers = await Promise.all([1, 2, 3].map(() => me.client.post(`/api/events/${event.id}/join`, { goal: '' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
  });

  it("admits with a valid secret to a hidden community event; a wrong secret is 'Invalid join link' only where visible", async () => {
    const creator = await newMember(t);
    const created = await creator.client.post('/api/events/user-added', {
      name: 'Hidden dinner',
      dateTime: inDays(2).toISOString(),
      eventUrl: 'https://dinner.example',
    });
    const guest = await newMember(t);
    const wrongHidden = await guest.client.post(`/api/events/${created.body.id}/join`, { secret: 'A'.repeat(22), goal: '' });
    expect(wrongHidden.status).toBe(404);
    expect(wrongHidden.body).toEqual({ error: EVENT_ERRORS.eventNotFound });
    const admitted = await guest.client.post(`/api/events/${created.body.id}/join`, { secret: created.body.joinSecret, goal: '' });
    expect(admitted.status).toBe(201);
    expect(admitted.body.eventData).toMatchObject({ name: 'Hidden dinner', isRegistered: true, createdByMe: false });

    const open = await insertEvent(t.db);
    const wrongVisible = await guest.client.post(`/api/events/${open.id}/join`, { secret: `${open.joinSecret.slice(0, -1)}x`, goal: '' });
    expect(wrongVisible.status).toBe(403);
    expect(wrongVisible.body).toEqual({ error: EVENT_ERRORS.invalidJoinLink });
    // The secret of another event is no invitation here.
    const otherSecret = await guest.client.post(`/api/events/${open.id}/join`, { secret: created.body.joinSecret, goal: '' });
    expect(otherSecret.body).toEqual({ error: EVENT_ERRORS.invalidJoinLink });
  });

  it('admits a free member to a PRO-only event with its secret (an invitation)', async () => {
    const event = await insertEvent(t.db, { isProOnly: true });
    const me = await newMember(t);
    const refused = await me.client.post(`/api/events/${event.id}/join`, { goal: '' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: EVENT_ERRORS.upgradeToJoin });
    const res = await me.client.post(`/api/events/${event.id}/join`, { secret: event.joinSecret, goal: '' });
    expect(res.status).toBe(201);
    expect(res.body.eventData.description).toBe('<p>An event.</p>');
    expect(res.body.previewData).toBeUndefined();
    expect((await me.client.get(`/api/events/${event.id}`)).body.eventData.isRegistered).toBe(true);
  });

  it('checks the goal: at most 500 characters, content-checked, a string', async () => {
    const event = await insertEvent(t.db);
    const cases: Array<[unknown, string]> = [
      ['g'.repeat(501), API_ERRORS.inputTooLong],
      ["'; DROP TABLE events; --", API_ERRORS.invalidContent],
      ['<script>alert(1)</script>', API_ERRORS.invalidContent],
      [42, API_ERRORS.invalidInput],
    ];
    for (const [goal, error] of cases) {
      const res = await member.client.post(`/api/events/${event.id}/join`, { goal });
      expect(res.status, String(goal)).toBe(400);
      expect(res.body).toEqual({ error, field: 'goal' });
    }
    expect((await member.client.post(`/api/events/${event.id}/join`, { secret: 7, goal: '' })).body.field).toBe('secret');
    expect((await member.client.post(`/api/events/${event.id}/join`, [])).status).toBe(400);
    expect(
      (
        await member.client.request('POST', `/api/events/${event.id}/join`, {
          body: 'goal=x',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(415);
    expect((await member.client.post(`/api/events/${event.id}/join`, { goal: 'g'.repeat(500) })).status).toBe(201);
  });

  it('tells the connections who can see the event in their feed', async () => {
    const me = await newMember(t);
    const [friend, otherFriend, stranger] = [await newMember(t), await newMember(t), await newMember(t)];
    await connect(t.db, me.id, friend.id);
    await connect(t.db, otherFriend.id, me.id);
    const event = await insertEvent(t.db);
    await me.client.post(`/api/events/${event.id}/join`, { goal: '' });
    for (const f of [friend, otherFriend]) {
      expect(await feedOf(f.id)).toEqual([{ subject_user_id: me.id, type: 'connection-attending-event', event_id: event.id }]);
    }
    expect(await feedOf(stranger.id)).toEqual([]);
    expect(await feedOf(me.id)).toEqual([]);

    // A stranger's community event joined by invitation: friends who cannot see it hear nothing.
    const host = await newMember(t);
    const created = await host.client.post('/api/events/user-added', {
      name: 'Private party',
      dateTime: inDays(3).toISOString(),
      eventUrl: 'https://party.example',
    });
    await connect(t.db, host.id, otherFriend.id);
    await me.client.post(`/api/events/${created.body.id}/join`, { secret: created.body.joinSecret, goal: '' });
    expect((await feedOf(friend.id)).map((f) => f.event_id)).toEqual([event.id]);
    expect((await feedOf(otherFriend.id)).map((f) => f.event_id).sort()).toEqual([event.id, created.body.id].sort());
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [crypto.randomUUID(), 'abc']) {
      const res = await member.client.post(`/api/events/${id}/join`, { goal: '' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: EVENT_ERRORS.eventNotFound });
    }
  });
});

describe('GET /api/events/{id}/request-join-secret', () => {
  it('gives an attendee the secret, which admits others; 403 for a member who is not registered', async () => {
    const event = await insertEvent(t.db);
    const me = await newMember(t);
    const refused = await me.client.get(`/api/events/${event.id}/request-join-secret`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: EVENT_ERRORS.attendeesOnly });
    await registerAt(t.db, me.id, event.id);
    const res = await me.client.get(`/api/events/${event.id}/request-join-secret`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ secret: event.joinSecret });
    expect((await member.client.get(`/api/events/public/${event.id}?secret=${res.body.secret}`)).status).toBe(200);
  });
});

describe('PATCH /api/events/{id}/attendee', () => {
  it('sets, changes and clears the goal of an attendee', async () => {
    const event = await insertEvent(t.db);
    const me = await newMember(t);
    await registerAt(t.db, me.id, event.id, 'First goal');
    const res = await me.client.patch(`/api/events/${event.id}/attendee`, { goal: 'Meet three designers' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ goal: 'Meet three designers' });
    expect((await me.client.get(`/api/events/${event.id}`)).body.eventData.goal).toBe('Meet three designers');
    expect((await me.client.patch(`/api/events/${event.id}/attendee`, { goal: '' })).body).toEqual({ goal: null });
    expect((await me.client.patch(`/api/events/${event.id}/attendee`, {})).body).toEqual({ goal: null });
  });

  it('refuses long or code-like goals, and members who do not attend (403)', async () => {
    const event = await insertEvent(t.db);
    const me = await newMember(t);
    await registerAt(t.db, me.id, event.id);
    expect((await me.client.patch(`/api/events/${event.id}/attendee`, { goal: 'x'.repeat(501) })).body).toEqual({
      error: API_ERRORS.inputTooLong,
      field: 'goal',
    });
    expect((await me.client.patch(`/api/events/${event.id}/attendee`, { goal: 'SELECT * FROM users' })).body).toEqual({
      error: API_ERRORS.invalidContent,
      field: 'goal',
    });
    expect((await me.client.patch(`/api/events/${event.id}/attendee`, { goal: 'x'.repeat(500) })).status).toBe(200);
    const other = await member.client.patch(`/api/events/${event.id}/attendee`, { goal: 'Sneak in' });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ error: EVENT_ERRORS.attendeesOnly });
    expect((await member.client.patch(`/api/events/${crypto.randomUUID()}/attendee`, { goal: '' })).status).toBe(404);
  });
});

describe('GET /api/events/{id}/attendees/my-connections', () => {
  it("answers the member's connections registered there, as {id, firstName}", async () => {
    const me = await newMember(t);
    const [friend, stranger] = [await newMember(t), await newMember(t)];
    await connect(t.db, me.id, friend.id);
    const event = await insertEvent(t.db);
    await registerAt(t.db, friend.id, event.id);
    await registerAt(t.db, stranger.id, event.id);
    const res = await me.client.get(`/api/events/${event.id}/attendees/my-connections`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: friend.id, firstName: friend.firstName }]);
    expect((await stranger.client.get(`/api/events/${event.id}/attendees/my-connections`)).body).toEqual([]);
  });
});

describe('DELETE /api/users/me/events/{id}', () => {
  it('leaves an event (204), and 404 when not registered', async () => {
    const event = await insertEvent(t.db);
    const me = await newMember(t);
    const friend = await newMember(t);
    await connect(t.db, me.id, friend.id);
    await me.client.post(`/api/events/${event.id}/join`, { goal: '' });
    const res = await me.client.request('DELETE', `/api/users/me/events/${event.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await me.client.get(`/api/events/${event.id}`)).body.eventData.isRegistered).toBe(false);
    expect(await feedOf(friend.id)).toEqual([]);
    const again = await me.client.request('DELETE', `/api/users/me/events/${event.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: EVENT_ERRORS.notRegistered });
    for (const id of [crypto.randomUUID(), 'x']) {
      const missing = await me.client.request('DELETE', `/api/users/me/events/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: EVENT_ERRORS.eventNotFound });
    }
  });

  it("answers a leave replayed under the same Idempotency-Key as the first time (the outbox's retry after a lost answer)", async () => {
    const event = await insertEvent(t.db);
    const me = await newMember(t);
    await me.client.post(`/api/events/${event.id}/join`, { goal: '' });
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    expect((await me.client.request('DELETE', `/api/users/me/events/${event.id}`, { headers })).status).toBe(204);
    expect((await me.client.request('DELETE', `/api/users/me/events/${event.id}`, { headers })).status).toBe(204);
    expect((await me.client.request('DELETE', `/api/users/me/events/${event.id}`, { headers: { 'Idempotency-Key': crypto.randomUUID() } })).status).toBe(404);
  });

  it('deletes a community event when its creator leaves it, for everyone', async () => {
    const creator = await newMember(t);
    const created = await creator.client.post('/api/events/user-added', {
      name: 'Gone soon',
      dateTime: inDays(1).toISOString(),
      eventUrl: 'https://gone.example',
    });
    const guest = await newMember(t);
    await guest.client.post(`/api/events/${created.body.id}/join`, { secret: created.body.joinSecret, goal: '' });
    // A guest leaving leaves the event in place.
    expect((await guest.client.request('DELETE', `/api/users/me/events/${created.body.id}`)).status).toBe(204);
    expect((await creator.client.get(`/api/events/${created.body.id}`)).status).toBe(200);
    await guest.client.post(`/api/events/${created.body.id}/join`, { secret: created.body.joinSecret, goal: '' });
    expect((await creator.client.request('DELETE', `/api/users/me/events/${created.body.id}`)).status).toBe(204);
    expect((await creator.client.get(`/api/events/${created.body.id}`)).status).toBe(404);
    expect((await guest.client.get(`/api/events/${created.body.id}`)).status).toBe(404);
    expect(await t.db.selectFrom('events').select('id').where('id', '=', created.body.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('POST /api/events/user-added', () => {
  const valid = () => ({
    name: 'Founders breakfast',
    dateTime: inDays(3).toISOString(),
    endDateTime: new Date(inDays(3).getTime() + 2 * HOUR).toISOString(),
    eventUrl: 'https://breakfast.example/rsvp',
  });

  it('creates a community event with the fixed image, location and disclaimer, and registers the creator', async () => {
    const me = await newMember(t);
    const body = {
      ...valid(),
      imageUrl: 'https://evil.example/x.png',
      location: '<b>somewhere</b>',
      description: '<img src=x onerror=alert(1)>',
    };
    const res = await me.client.post('/api/events/user-added', body);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'joinSecret']);
    expect(res.body.joinSecret).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const row = await t.db.selectFrom('events').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Founders breakfast',
      image_url: COMMUNITY_EVENT_IMAGE_URL,
      location: COMMUNITY_EVENT_LOCATION,
      description: COMMUNITY_EVENT_DESCRIPTION,
      event_url: 'https://breakfast.example/rsvp',
      source_type: 'USER_ADDED',
      is_pro_only: false,
      created_by_user_id: me.id,
      join_secret: res.body.joinSecret,
    });
    expect(row.date_time!.toISOString()).toBe(body.dateTime);
    expect(row.end_date_time!.toISOString()).toBe(body.endDateTime);
    expect(COMMUNITY_EVENT_DESCRIPTION).toMatch(/community member/);
    expect(COMMUNITY_EVENT_DESCRIPTION).toMatch(/not endorsed by the host company/);
    expect(COMMUNITY_EVENT_DESCRIPTION).toMatch(/attendee list may be inaccurate/);
    expect(COMMUNITY_EVENT_DESCRIPTION).toMatch(/coordination only/);

    const mine = await me.client.get('/api/events/my-events');
    expect(mine.body.events[0].eventData).toMatchObject({ id: res.body.id, isRegistered: true, createdByMe: true, attendeeCount: 1 });
    expect((await me.client.get(`/api/events/${res.body.id}/request-join-secret`)).body).toEqual({ secret: res.body.joinSecret });
  });

  it('stores the end only when given', async () => {
    const me = await newMember(t);
    const { endDateTime: _end, ...withoutEnd } = valid();
    for (const body of [withoutEnd, { ...withoutEnd, endDateTime: null }]) {
      const res = await me.client.post('/api/events/user-added', body);
      expect(res.status).toBe(201);
      const row = await t.db.selectFrom('events').select('end_date_time').where('id', '=', res.body.id).executeTakeFirstOrThrow();
      expect(row.end_date_time).toBeNull();
    }
  });

  it('refuses invalid input with the form texts, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'Event name is required', 'name'],
      [{ name: undefined }, 'Event name is required', 'name'],
      [{ name: '   ' }, 'Event name is required', 'name'],
      [{ name: 'n'.repeat(201) }, API_ERRORS.inputTooLong, 'name'],
      [{ name: 'Party <script>x</script>' }, API_ERRORS.invalidContent, 'name'],
      [{ dateTime: '' }, 'Event date is required', 'dateTime'],
      [{ dateTime: undefined }, 'Event date is required', 'dateTime'],
      [{ dateTime: 'tomorrow' }, 'Event date is required', 'dateTime'],
      [{ eventUrl: '' }, 'Event URL is required', 'eventUrl'],
      [{ eventUrl: undefined }, 'Event URL is required', 'eventUrl'],
      [{ eventUrl: 42 }, 'Event URL is required', 'eventUrl'],
      [{ eventUrl: 'http://plain.example' }, 'Must be a valid HTTPS URL', 'eventUrl'],
      [{ eventUrl: 'https://' }, 'Must be a valid HTTPS URL', 'eventUrl'],
      [{ eventUrl: 'javascript:alert(1)' }, 'Must be a valid HTTPS URL', 'eventUrl'],
      [{ endDateTime: inDays(2).toISOString() }, 'End must be after the start', 'endDateTime'],
      [{ endDateTime: 'soon' }, 'Invalid end date', 'endDateTime'],
    ];
    for (const [change, error, field] of cases) {
      const res = await member.client.post('/api/events/user-added', { ...valid(), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body, JSON.stringify(change)).toEqual({ error, field });
    }
    expect((await member.client.post('/api/events/user-added', [])).status).toBe(400);
  });

  it("stores the creator's time zone, in the runtime's spelling of its IANA name; UTC without one; refuses anything else", async () => {
    const me = await newMember(t);
    const zoneOf = async (body: Record<string, unknown>) => {
      const res = await me.client.post('/api/events/user-added', { ...valid(), ...body });
      expect(res.status, res.text).toBe(201);
      const row = await t.db.selectFrom('events').select('time_zone').where('id', '=', res.body.id).executeTakeFirstOrThrow();
      expect((await me.client.get(`/api/events/${res.body.id}/meetings/availability`)).body.timeZone).toBe(row.time_zone);
      return row.time_zone;
    };
    expect(await zoneOf({ timeZone: 'Asia/Kolkata' })).toBe('Asia/Kolkata');
    expect(await zoneOf({ timeZone: 'america/new_york' })).toBe('America/New_York');
    expect(await zoneOf({})).toBe('UTC');
    for (const timeZone of ['Mars/Olympus_Mons', '+01:00', '', 'Europe/Oslo '.repeat(8), 42, null]) {
      const res = await me.client.post('/api/events/user-added', { ...valid(), timeZone });
      expect(res.body, JSON.stringify(timeZone)).toEqual({ error: TIME_ZONE_ERROR, field: 'timeZone' });
    }
  });

  it('refuses a start before today, allowing the whole current day in any time zone', async () => {
    const now = t.clock.now();
    const utcMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const create = (start: number) => member.client.post('/api/events/user-added', { ...valid(), dateTime: new Date(start).toISOString(), endDateTime: null });
    const yesterday = await create(utcMidnight - 2 * DAY);
    expect(yesterday.status).toBe(400);
    expect(yesterday.body).toEqual({ error: EVENT_ERRORS.dateBeforeToday, field: 'dateTime' });
    expect((await create(utcMidnight - 15 * HOUR)).status).toBe(400);
    // Midnight of today in UTC+14 is 14 hours before UTC midnight.
    expect((await create(utcMidnight - 14 * HOUR)).status).toBe(201);
    expect((await create(now.getTime() - HOUR)).status).toBe(201);
  });
});
