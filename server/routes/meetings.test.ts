import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { MAX_PENDING_REQUESTS_PER_EVENT, MEETING_ERROR_CODES, MEETING_ERRORS, type Meeting } from '../../contract/meetings';
import { swipingAttendee } from '../test/helpers/attendee-fixtures';
import { insertEvent, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import { DAY, MINUTE } from '../test/helpers/test-clock';

/** Meetings in person (contract/meetings.ts): every state change and every refusal, as a client sees them. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const HOUR = 60 * MINUTE;
const FIRST_NAMES = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Finn'];

/** An event starting tomorrow at a whole hour, for eight hours, with `count` attendees with complete profiles. */
async function eventWith(count: number) {
  const start = new Date(Math.ceil((t.clock.now().getTime() + DAY) / HOUR) * HOUR);
  const event = await insertEvent(t.db, { start, end: new Date(start.getTime() + 8 * HOUR) });
  const people: Member[] = [];
  for (let i = 0; i < count; i++) {
    const member = await swipingAttendee(t, [event.id]);
    // Each a first name of their own, so a refusal that names someone names the right one.
    const firstName = `${FIRST_NAMES[i % FIRST_NAMES.length]}${i >= FIRST_NAMES.length ? i : ''}`;
    await t.db.updateTable('users').set({ first_name: firstName }).where('id', '=', member.id).execute();
    people.push({ ...member, firstName });
  }
  /** The event's start plus `minutes`, as the API takes it. */
  const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE).toISOString();
  return { event, people, at };
}

const ask = (from: Member, eventId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  from.client.request('POST', `/api/events/${eventId}/meetings`, { json: { minutes: 30, place: 'Table 12', ...body }, headers });
const act = (
  member: Member,
  id: string,
  action: 'accept' | 'decline' | 'propose' | 'cancel',
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => member.client.request('POST', `/api/meetings/${id}/${action}`, { json: body, headers });
const meetingOf = async (member: Member, id: string) => (await member.client.get(`/api/meetings/${id}`)).body as Meeting;

async function asked(from: Member, to: Member, eventId: string, startsAt: string, minutes = 30): Promise<Meeting> {
  const res = await ask(from, eventId, { inviteeId: to.id, startsAt, minutes });
  expect(res.status, res.text).toBe(201);
  return res.body as Meeting;
}

async function accepted(from: Member, to: Member, eventId: string, startsAt: string, minutes = 30): Promise<Meeting> {
  const meeting = await asked(from, to, eventId, startsAt, minutes);
  const res = await act(to, meeting.id, 'accept');
  expect(res.status, res.text).toBe(200);
  return res.body as Meeting;
}

describe('a request and its answer', () => {
  it('is shown to both, waits on the one asked, and once accepted connects them with their feed entries', async () => {
    const { event, people, at } = await eventWith(2);
    const [ada, bob] = people as [Member, Member];
    const res = await ask(ada, event.id, { inviteeId: bob.id, startsAt: at(60), minutes: 15, place: ' Coffee bar, level 2 ', message: 'About offline sync?' });
    expect(res.status).toBe(201);
    const meeting = res.body as Meeting;
    expect(meeting).toMatchObject({
      eventId: event.id,
      with: { id: bob.id },
      requestedByMe: true,
      state: 'requested',
      startsAt: at(60),
      endsAt: at(75),
      place: 'Coffee bar, level 2',
      message: 'About offline sync?',
      awaitingMe: false,
      proposal: null,
      sequence: 0,
    });
    const forBob = await meetingOf(bob, meeting.id);
    expect(forBob).toMatchObject({ with: { id: ada.id }, requestedByMe: false, awaitingMe: true, state: 'requested' });
    expect(((await bob.client.get(`/api/events/${event.id}/meetings`)).body as Meeting[]).map((m) => m.id)).toEqual([meeting.id]);
    expect(((await bob.client.get('/api/meetings')).body as Meeting[]).map((m) => m.id)).toEqual([meeting.id]);

    // Ada cannot accept her own request.
    expect((await act(ada, meeting.id, 'accept')).body).toEqual({ error: MEETING_ERRORS.notAwaiting, code: MEETING_ERROR_CODES.notAwaiting });
    const done = await act(bob, meeting.id, 'accept');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'accepted', awaitingMe: false, sequence: 1 });
    expect((await meetingOf(ada, meeting.id)).state).toBe('accepted');
    const connections = (await ada.client.get('/api/users/connections')).body as Array<{ id: string }>;
    expect(connections.map((c) => c.id)).toEqual([bob.id]);
    const feed = await t.db.selectFrom('feed_activities').select('owner_user_id').where('subject_user_id', 'in', [ada.id, bob.id]).execute();
    expect(feed.map((row) => row.owner_user_id).sort()).toEqual([ada.id, bob.id].sort());
  });

  it('declined, with a note, closes it; the same member may not ask the same person there again for a day', async () => {
    const { event, people, at } = await eventWith(2);
    const [ada, bob] = people as [Member, Member];
    const meeting = await asked(ada, bob, event.id, at(60));
    const declined = await act(bob, meeting.id, 'decline', { note: 'Fully booked, sorry' });
    expect(declined.body).toMatchObject({ state: 'declined', note: 'Fully booked, sorry', closedByMe: true });
    expect(await meetingOf(ada, meeting.id)).toMatchObject({ state: 'declined', closedByMe: false, awaitingMe: false });
    expect((await act(bob, meeting.id, 'accept')).status).toBe(409);

    const again = await ask(ada, event.id, { inviteeId: bob.id, startsAt: at(120) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(MEETING_ERROR_CODES.tooMany);
    expect(again.body.error).toContain(bob.firstName);
    // Bob may still ask Ada; a day later Ada may ask again.
    expect((await ask(bob, event.id, { inviteeId: ada.id, startsAt: at(120) })).status).toBe(201);
    t.clock.advance(DAY + MINUTE);
    const { event: later, at: laterAt } = await eventWith(0);
    await t.db
      .insertInto('event_attendees')
      .values([ada, bob].map((m) => ({ event_id: later.id, user_id: m.id })))
      .execute();
    expect((await ask(ada, later.id, { inviteeId: bob.id, startsAt: laterAt(60) })).status).toBe(201);
  });

  it('withdrawn by the one who asked, or cancelled once accepted, which frees its time and changes the invitation', async () => {
    const { event, people, at } = await eventWith(3);
    const [ada, bob, cy] = people as [Member, Member, Member];
    const request = await asked(ada, bob, event.id, at(60));
    expect((await act(ada, request.id, 'cancel')).body).toMatchObject({ state: 'cancelled', closedByMe: true, sequence: 0 });

    const meeting = await accepted(ada, bob, event.id, at(120));
    const cancelled = await act(bob, meeting.id, 'cancel', { note: 'My flight moved' });
    expect(cancelled.body).toMatchObject({ state: 'cancelled', note: 'My flight moved', sequence: 2 });
    expect(await meetingOf(ada, meeting.id)).toMatchObject({ state: 'cancelled', closedByMe: false });
    // The time is Bob's again.
    await accepted(cy, bob, event.id, at(120));
    expect((await act(ada, meeting.id, 'cancel')).status).toBe(409);
  });
});

describe('another time or place', () => {
  it('for a request replaces what was asked, and the one who asked answers it', async () => {
    const { event, people, at } = await eventWith(2);
    const [ada, bob] = people as [Member, Member];
    const meeting = await asked(ada, bob, event.id, at(60));
    const proposed = await act(bob, meeting.id, 'propose', { startsAt: at(90), minutes: 15, place: 'Stand B4' });
    expect(proposed.body).toMatchObject({ state: 'requested', startsAt: at(90), endsAt: at(105), place: 'Stand B4', awaitingMe: false });
    expect(await meetingOf(ada, meeting.id)).toMatchObject({ awaitingMe: true });
    expect((await act(bob, meeting.id, 'accept')).status).toBe(409);
    expect((await act(ada, meeting.id, 'accept')).body).toMatchObject({ state: 'accepted', startsAt: at(90), place: 'Stand B4', sequence: 1 });
  });

  it('for an accepted meeting leaves the accepted time standing until the other accepts the new one, which updates the same invitation', async () => {
    const { event, people, at } = await eventWith(2);
    const [ada, bob] = people as [Member, Member];
    const meeting = await accepted(ada, bob, event.id, at(60));
    const proposed = await act(bob, meeting.id, 'propose', { startsAt: at(180), minutes: 30, place: 'Lobby' });
    expect(proposed.body).toMatchObject({ state: 'accepted', startsAt: at(60), proposal: { startsAt: at(180), place: 'Lobby', byMe: true }, sequence: 1 });
    // Ada declines the new time: the accepted one stands.
    expect((await act(ada, meeting.id, 'decline')).body).toMatchObject({ state: 'accepted', startsAt: at(60), proposal: null });
    await act(bob, meeting.id, 'propose', { startsAt: at(180), minutes: 30, place: 'Lobby' });
    const moved = await act(ada, meeting.id, 'accept');
    expect(moved.body).toMatchObject({ id: meeting.id, state: 'accepted', startsAt: at(180), endsAt: at(210), place: 'Lobby', proposal: null, sequence: 2 });
    // The old time is free again, the new one is held.
    const holds = await t.db.selectFrom('meeting_holds').select(['user_id']).where('meeting_id', '=', meeting.id).execute();
    expect(holds).toHaveLength(2);
  });
});

describe('no double booking', () => {
  it('refuses an accept over an accepted meeting, naming the meeting to the one accepting and never the other side', async () => {
    const { event, people, at } = await eventWith(3);
    const [ada, bob, cy] = people as [Member, Member, Member];
    await accepted(cy, bob, event.id, at(60));
    // Requests may overlap: only accepted meetings hold time.
    const overlapping = await asked(ada, bob, event.id, at(75), 15);
    const refused = await act(bob, overlapping.id, 'accept');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(MEETING_ERROR_CODES.youAreBusy);
    expect(refused.body.error).toMatch(new RegExp(`^You already have a meeting at \\d{2}:\\d{2} with ${cy.firstName}$`));
    expect((await meetingOf(bob, overlapping.id)).state).toBe('requested');

    // Bob proposes a time Ada is busy at; when she accepts it, she is told she is busy, and Bob,
    // the other way round, only that Ada is not free.
    const mine = await asked(ada, bob, event.id, at(240));
    const adaBusy = await accepted(ada, cy, event.id, at(300));
    await act(bob, mine.id, 'propose', { startsAt: adaBusy.startsAt, minutes: 15, place: 'Lobby' });
    const adaRefused = await act(ada, mine.id, 'accept');
    expect(adaRefused.body.code).toBe(MEETING_ERROR_CODES.youAreBusy);
    expect(adaRefused.body.error).toContain(cy.firstName);
    const back = await asked(ada, bob, event.id, at(420));
    await act(bob, back.id, 'propose', { startsAt: at(60), minutes: 15, place: 'Lobby' });
    const bobNotFree = await act(ada, back.id, 'accept');
    expect(bobNotFree.body).toEqual({
      error: expect.stringMatching(new RegExp(`^${bob.firstName} is not free at \\d{2}:\\d{2}$`)),
      code: MEETING_ERROR_CODES.otherIsBusy,
    });
    expect(bobNotFree.body.error).not.toContain(cy.firstName);
  });

  it('of 50 accepts at once of overlapping meetings for one member, exactly one holds', async () => {
    const { event, people, at } = await eventWith(51);
    const [busy, ...askers] = people as [Member, ...Member[]];
    const requests: Meeting[] = [];
    for (const [i, asker] of askers.entries()) requests.push(await asked(asker, busy, event.id, at(60 + (i % 2) * 15), 30));
    const answers = await Promise.all(requests.map((meeting) => act(busy, meeting.id, 'accept')));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 409 && res.body.code === MEETING_ERROR_CODES.youAreBusy)).toHaveLength(49);
    const holds = await t.db.selectFrom('meeting_holds').select('meeting_id').where('user_id', '=', busy.id).execute();
    expect(holds).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('between members who are not both attendees with complete profiles, or with oneself', async () => {
    const { event, people, at } = await eventWith(1);
    const [ada] = people as [Member];
    const outsider = await swipingAttendee(t);
    const incomplete = await newMember(t);
    await t.db.insertInto('event_attendees').values({ event_id: event.id, user_id: incomplete.id }).execute();
    for (const inviteeId of [outsider.id, incomplete.id, ada.id, randomUUID()]) {
      const res = await ask(ada, event.id, { inviteeId, startsAt: at(60) });
      expect(res.status, inviteeId).toBe(403);
      expect(res.body).toEqual({ error: MEETING_ERRORS.notAttendees, code: MEETING_ERROR_CODES.notAttendees });
    }
    expect((await ask(outsider, event.id, { inviteeId: ada.id, startsAt: at(60) })).status).toBe(403);
    expect((await ask(ada, randomUUID(), { inviteeId: outsider.id, startsAt: at(60) })).status).toBe(404);
    expect(await t.db.selectFrom('meetings').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
  });

  it('at a time off the quarter hour, outside the event or already begun, naming the field', async () => {
    const { event, people, at } = await eventWith(2);
    const [ada, bob] = people as [Member, Member];
    for (const startsAt of [at(10), at(-15), at(8 * 60 - 15), new Date(t.clock.now().getTime() - HOUR).toISOString()]) {
      const res = await ask(ada, event.id, { inviteeId: bob.id, startsAt });
      expect(res.body, startsAt).toEqual({ error: MEETING_ERRORS.badTime, field: 'startsAt', code: MEETING_ERROR_CODES.badTime });
    }
    for (const [field, body] of [
      ['minutes', { minutes: 45 }],
      ['place', { place: '   ' }],
      ['place', { place: 'x'.repeat(101) }],
      ['message', { message: 'y'.repeat(281) }],
      ['startsAt', { startsAt: 'tomorrow at ten' }],
      ['inviteeId', { inviteeId: 'not-an-id' }],
    ] as const) {
      const res = await ask(ada, event.id, { inviteeId: bob.id, startsAt: at(60), ...body });
      expect(res.status, field).toBe(400);
      expect(res.body.field, field).toBe(field);
    }
  });

  it(`past ${MAX_PENDING_REQUESTS_PER_EVENT} requests waiting at one event`, async () => {
    const { event, people, at } = await eventWith(MAX_PENDING_REQUESTS_PER_EVENT + 2);
    const [ada, ...others] = people as [Member, ...Member[]];
    for (const other of others.slice(0, MAX_PENDING_REQUESTS_PER_EVENT)) await asked(ada, other, event.id, at(60));
    const refused = await ask(ada, event.id, { inviteeId: others.at(-1)!.id, startsAt: at(60) });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: MEETING_ERRORS.tooManyPending, code: MEETING_ERROR_CODES.tooMany });
  });

  it('a meeting is nobody else’s: 404 for others, and for an unknown or malformed id', async () => {
    const { event, people, at } = await eventWith(3);
    const [ada, bob, cy] = people as [Member, Member, Member];
    const meeting = await asked(ada, bob, event.id, at(60));
    for (const [who, id] of [
      [cy, meeting.id],
      [ada, randomUUID()],
      [ada, 'not-an-id'],
    ] as const) {
      expect((await who.client.get(`/api/meetings/${id}`)).body).toEqual({ error: MEETING_ERRORS.notFound });
      expect((await act(who, id, 'accept')).status).toBe(404);
    }
    expect((await cy.client.get(`/api/events/${event.id}/meetings`)).body).toEqual([]);
    expect((await t.client().get('/api/meetings')).body).toEqual({ error: API_ERRORS.unauthorized });
  });
});

describe('time', () => {
  it('a request not accepted before its start expires; an accept made before it, delivered after, still counts', async () => {
    const { event, people, at } = await eventWith(3);
    const [ada, bob, cy] = people as [Member, Member, Member];
    const late = await asked(ada, bob, event.id, at(0), 15);
    const offline = await asked(cy, bob, event.id, at(30), 15);
    const actedAt = t.clock.now().toISOString();
    t.clock.advance(Date.parse(at(20)) - t.clock.now().getTime());
    expect((await meetingOf(ada, late.id)).state).toBe('expired');
    expect((await act(bob, late.id, 'accept')).body).toEqual({ error: MEETING_ERRORS.expired, code: MEETING_ERROR_CODES.expired });
    expect((await act(bob, late.id, 'decline')).body).toEqual({ error: MEETING_ERRORS.expired, code: MEETING_ERROR_CODES.expired });
    expect((await act(bob, offline.id, 'accept', { actedAt })).body).toMatchObject({ state: 'accepted' });
  });

  it('after its end each says how it went, seen only by themselves; not before', async () => {
    const { event, people, at } = await eventWith(2);
    const [ada, bob] = people as [Member, Member];
    const meeting = await accepted(ada, bob, event.id, at(0), 15);
    const outcome = (member: Member, value: string) => member.client.request('PUT', `/api/meetings/${meeting.id}/outcome`, { json: { outcome: value } });
    expect((await outcome(ada, 'met')).body).toEqual({ error: MEETING_ERRORS.notOver, code: MEETING_ERROR_CODES.notAwaiting });
    t.clock.advance(Date.parse(at(15)) - t.clock.now().getTime());
    expect((await outcome(ada, 'met')).body).toMatchObject({ outcome: 'met' });
    expect((await outcome(bob, 'missed')).body).toMatchObject({ outcome: 'missed' });
    expect((await meetingOf(ada, meeting.id)).outcome).toBe('met');
    expect((await outcome(ada, 'sometimes')).status).toBe(400);
  });
});

describe('the outbox', () => {
  it('replays a request and an accept with their keys exactly once', async () => {
    const { event, people, at } = await eventWith(2);
    const [ada, bob] = people as [Member, Member];
    const requestKey = { 'Idempotency-Key': randomUUID() };
    const first = await ask(ada, event.id, { inviteeId: bob.id, startsAt: at(60) }, requestKey);
    const again = await ask(ada, event.id, { inviteeId: bob.id, startsAt: at(60) }, requestKey);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const acceptKey = { 'Idempotency-Key': randomUUID() };
    const accepting = await act(bob, first.body.id, 'accept', {}, acceptKey);
    const replayed = await act(bob, first.body.id, 'accept', {}, acceptKey);
    expect(replayed.status).toBe(200);
    expect(replayed.body.sequence).toBe(accepting.body.sequence);
    expect(await t.db.selectFrom('meetings').select('id').where('requester_id', '=', ada.id).execute()).toHaveLength(1);
  });
});
