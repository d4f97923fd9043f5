import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, EVENT_ERRORS } from '../../contract/errors';
import { MAX_SESSIONS_PER_EVENT, MEETING_ERROR_CODES, MEETING_ERRORS, type MeetingAvailability, type TimeSpan } from '../../contract/meetings';
import { swipingAttendee } from '../test/helpers/attendee-fixtures';
import { DAY, HOUR, insertEvent, newMember, type Member } from '../test/helpers/events-fixtures';
import { acceptedMeeting, askMeeting, meetingEvent } from '../test/helpers/meeting-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** When members may meet at an event, and the times they mark 'In a session' (contract/meetings.ts), as a client sees them. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const availability = (member: Member, eventId: string, withId?: string) =>
  member.client.get(`/api/events/${eventId}/meetings/availability${withId === undefined ? '' : `?with=${encodeURIComponent(withId)}`}`);
const putSessions = (member: Member, eventId: string, sessions: TimeSpan[], headers: Record<string, string> = {}) =>
  member.client.request('PUT', `/api/events/${eventId}/meetings/sessions`, { json: { sessions }, headers });
const span = (startsAt: string, endsAt: string): TimeSpan => ({ startsAt, endsAt });

describe('GET availability', () => {
  it("answers the event's window and time zone, the member's accepted meetings there with the other's first name, and no one else's times", async () => {
    const { event, people, at } = await meetingEvent(t, 3);
    const [ada, bob, cy] = people as [Member, Member, Member];
    const meeting = await acceptedMeeting(ada, bob, event.id, at(60));
    // A request, and a meeting of others, hold nothing of Ada's.
    expect((await askMeeting(cy, event.id, { inviteeId: ada.id, startsAt: at(120) })).status).toBe(201);
    await acceptedMeeting(bob, cy, event.id, at(180));
    const res = await availability(ada, event.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      eventId: event.id,
      timeZone: 'UTC',
      windows: [span(at(0), at(8 * 60))],
      myMeetings: [{ ...span(at(60), at(90)), meetingId: meeting.id, withName: bob.firstName }],
      mySessions: [],
      theirBusy: [],
      with: null,
    } satisfies MeetingAvailability);
  });

  it('with another attendee: only when they are not free (their meetings and sessions merged into spans), never what or with whom', async () => {
    const { event, people, at } = await meetingEvent(t, 3);
    const [ada, bob, cy] = people as [Member, Member, Member];
    await acceptedMeeting(cy, bob, event.id, at(60));
    expect((await putSessions(bob, event.id, [span(at(90), at(150)), span(at(300), at(330))])).status).toBe(200);
    const res = await availability(ada, event.id, bob.id);
    expect(res.body.theirBusy).toEqual([span(at(60), at(150)), span(at(300), at(330))]);
    // Whom the request form asks: their name and photo, nothing more.
    expect(res.body.with).toMatchObject({ id: bob.id, firstName: bob.firstName });
    expect(Object.keys(res.body.with ?? {}).sort()).toEqual(['firstName', 'id', 'imageUrl', 'lastName']);
    expect(res.body.myMeetings).toEqual([]);
    expect(res.body.mySessions).toEqual([]);
    expect(res.text).not.toContain(cy.firstName);
    expect(res.text).not.toContain(cy.id);
  });

  it('with someone who is no co-attendee with a complete profile, oneself, an unknown or malformed id: nothing of theirs', async () => {
    const { event, people, at } = await meetingEvent(t, 2);
    const [ada, bob] = people as [Member, Member];
    await putSessions(bob, event.id, [span(at(60), at(120))]);
    const { event: other } = await meetingEvent(t, 0);
    const elsewhere = await swipingAttendee(t, [other.id]);
    await putSessions(elsewhere, other.id, []);
    const incomplete = await newMember(t);
    await t.db.insertInto('event_attendees').values({ event_id: event.id, user_id: incomplete.id }).execute();
    const outsider = await swipingAttendee(t);
    for (const withId of [elsewhere.id, incomplete.id, ada.id, randomUUID(), 'not-an-id', '']) {
      const res = await availability(ada, event.id, withId);
      expect(res.status, withId).toBe(200);
      expect(res.body.theirBusy, withId).toEqual([]);
      expect(res.body.with, withId).toBeNull();
    }
    // A member not registered at the (public) event sees its windows, never an attendee's times.
    const seen = await availability(outsider, event.id, bob.id);
    expect(seen.status).toBe(200);
    expect(seen.body.theirBusy).toEqual([]);
    expect(seen.body.with).toBeNull();
    expect(seen.body.windows).toHaveLength(1);
  });

  it('404 for an event the member may not see, an unknown or malformed id; 401 signed out', async () => {
    const stranger = await swipingAttendee(t);
    const hidden = await insertEvent(t.db, { sourceType: 'USER_ADDED', createdBy: stranger.id, start: new Date(t.clock.now().getTime() + DAY) });
    const locked = await insertEvent(t.db, { isProOnly: true, start: new Date(t.clock.now().getTime() + DAY) });
    const member = await swipingAttendee(t);
    for (const id of [hidden.id, locked.id, randomUUID(), 'not-an-id']) {
      expect((await availability(member, id)).body, id).toEqual({ error: EVENT_ERRORS.eventNotFound });
      expect((await putSessions(member, id, [])).status, id).toBe(404);
    }
    expect((await t.client().get(`/api/events/${hidden.id}/meetings/availability`)).body).toEqual({ error: API_ERRORS.unauthorized });
  });

  it('offers a multi-day event each local day from 08:00 to 20:00 in its time zone', async () => {
    const day = Math.ceil((t.clock.now().getTime() + DAY) / DAY) * DAY;
    // 09:00 in Kolkata (UTC+05:30) on the first day to 20:00 on the third.
    const start = new Date(day + 3.5 * HOUR);
    const { event, people } = await meetingEvent(t, 1, { start, hours: 2 * 24 + 11, timeZone: 'Asia/Kolkata' });
    const res = await availability(people[0]!, event.id);
    const utc = (offset: number) => new Date(day + offset * HOUR).toISOString();
    expect(res.body).toMatchObject({
      timeZone: 'Asia/Kolkata',
      windows: [span(utc(3.5), utc(14.5)), span(utc(24 + 2.5), utc(24 + 14.5)), span(utc(48 + 2.5), utc(48 + 14.5))],
    });
  });
});

describe('PUT sessions', () => {
  it('replaces the member’s sessions, merging those that overlap or touch, and answers the availability', async () => {
    const { event, people, at } = await meetingEvent(t, 1);
    const [ada] = people as [Member];
    const res = await putSessions(ada, event.id, [span(at(180), at(240)), span(at(60), at(90)), span(at(75), at(120)), span(at(120), at(135))]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ eventId: event.id, mySessions: [span(at(60), at(135)), span(at(180), at(240))], theirBusy: [] });
    expect((await availability(ada, event.id)).body.mySessions).toEqual(res.body.mySessions);
    expect((await putSessions(ada, event.id, [span(at(0), at(15))])).body.mySessions).toEqual([span(at(0), at(15))]);
    expect((await putSessions(ada, event.id, [])).body.mySessions).toEqual([]);
  });

  it('refuses a span off the quarter hour, ending at or before its start, outside the event or across its night, or too many', async () => {
    const day = Math.ceil((t.clock.now().getTime() + DAY) / DAY) * DAY;
    const { event, people, at } = await meetingEvent(t, 1, { start: new Date(day + 3.5 * HOUR), hours: 24 + 11, timeZone: 'Asia/Kolkata' });
    const [ada] = people as [Member];
    await putSessions(ada, event.id, [span(at(60), at(90))]);
    const refused = { error: MEETING_ERRORS.badSession, field: 'sessions', code: MEETING_ERROR_CODES.badTime };
    for (const sessions of [
      [span(at(10), at(30))],
      [span(at(0), at(20))],
      [span(at(60), at(60))],
      [span(at(90), at(60))],
      [span(at(-15), at(15))],
      // 19:30 to 20:30 in Kolkata, and a span across the night.
      [span(at(10.5 * 60), at(11.5 * 60))],
      [span(at(60), at(24 * 60))],
      [span(at(0), at(15)), span(at(36 * 60), at(36 * 60 + 15))],
    ]) {
      const res = await putSessions(ada, event.id, sessions);
      expect(res.body, JSON.stringify(sessions)).toEqual(refused);
    }
    const many = Array.from({ length: MAX_SESSIONS_PER_EVENT + 1 }, (_, i) => span(at(i * 15), at(i * 15 + 15)));
    const tooMany = await putSessions(ada, event.id, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.field).toBe('sessions');
    for (const body of [{ sessions: 'all day' }, { sessions: [{ startsAt: 'ten', endsAt: at(15) }] }, {}]) {
      expect((await ada.client.request('PUT', `/api/events/${event.id}/meetings/sessions`, { json: body })).status).toBe(400);
    }
    // Nothing changed.
    expect((await availability(ada, event.id)).body.mySessions).toEqual([span(at(60), at(90))]);
    // The second day's hours are fine: 08:00 to 09:00 in Kolkata.
    expect((await putSessions(ada, event.id, [span(at(23 * 60), at(24 * 60))])).status).toBe(200);
  });

  it('403 for a member not registered at the event; replays a write with its Idempotency-Key', async () => {
    const { event, people, at } = await meetingEvent(t, 1);
    const [ada] = people as [Member];
    const outsider = await swipingAttendee(t);
    expect((await putSessions(outsider, event.id, [span(at(60), at(90))])).body).toEqual({
      error: MEETING_ERRORS.notRegistered,
      code: MEETING_ERROR_CODES.notAttendees,
    });
    const key = { 'Idempotency-Key': randomUUID() };
    const first = await putSessions(ada, event.id, [span(at(60), at(90))], key);
    await putSessions(ada, event.id, []);
    const replayed = await putSessions(ada, event.id, [span(at(60), at(90))], key);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual(first.body);
    expect((await availability(ada, event.id)).body.mySessions).toEqual([]);
  });
});

describe('a time marked as a session', () => {
  const clock = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));

  it("refuses a request into the invitee's session, saying only that they are not free (in the event's time zone), and into one's own", async () => {
    const { event, people, at } = await meetingEvent(t, 2, { timeZone: 'Asia/Kolkata' });
    const [ada, bob] = people as [Member, Member];
    await putSessions(bob, event.id, [span(at(60), at(120))]);
    await putSessions(ada, event.id, [span(at(240), at(270))]);
    const intoBob = await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt: at(45), minutes: 30 });
    expect(intoBob.status).toBe(409);
    // The first moment Bob is not free: his session's start, 15 minutes into the meeting.
    expect(intoBob.body).toEqual({ error: `${bob.firstName} is not free at ${clock(at(60), 'Asia/Kolkata')}`, code: MEETING_ERROR_CODES.inSession });
    const intoMine = await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt: at(240), minutes: 15 });
    expect(intoMine.body).toEqual({ error: `You marked ${clock(at(240), 'Asia/Kolkata')} as in a session`, code: MEETING_ERROR_CODES.inSession });
    // Bob asking Ada into his own session hears about his own first.
    expect((await askMeeting(bob, event.id, { inviteeId: ada.id, startsAt: at(90) })).body.error).toMatch(/^You marked \d{2}:\d{2} as in a session$/);
    // Right after the session is free.
    expect((await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt: at(120) })).status).toBe(201);
  });

  it("refuses a proposal into either one's session; an accept of a time already asked is the member's own choice and is not refused", async () => {
    const { event, people, at } = await meetingEvent(t, 2);
    const [ada, bob] = people as [Member, Member];
    const asked = await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt: at(60) });
    await putSessions(ada, event.id, [span(at(180), at(240))]);
    const proposed = await bob.client.post(`/api/meetings/${asked.body.id}/propose`, { startsAt: at(195), minutes: 15, place: 'Lobby' });
    expect(proposed.body).toEqual({ error: `${ada.firstName} is not free at ${clock(at(195), 'UTC')}`, code: MEETING_ERROR_CODES.inSession });
    await putSessions(bob, event.id, [span(at(60), at(90))]);
    const accepted = await bob.client.post(`/api/meetings/${asked.body.id}/accept`, {});
    expect(accepted.body).toMatchObject({ state: 'accepted', startsAt: at(60) });
  });
});
