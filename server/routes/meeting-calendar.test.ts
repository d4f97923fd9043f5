import ICAL from 'ical.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_CALENDAR_ERROR_CODE, MEETING_CALENDAR_ERRORS } from '../../contract/meeting-notices';
import { MEETING_ERRORS, type Meeting } from '../../contract/meetings';
import { registerAt, type Member } from '../test/helpers/events-fixtures';
import { acceptedMeeting, askMeeting, meetingEvent } from '../test/helpers/meeting-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import { HOUR } from '../test/helpers/events-fixtures';

/** 'Add to calendar' on a meeting and the meetings in the member's calendar feed, read back with ical.js. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

function entriesIn(text: string): ICAL.Event[] {
  for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

const fileOf = (member: Member, meetingId: string) => member.client.get(`/api/meetings/${meetingId}/calendar.ics`);

async function entryOf(member: Member, meetingId: string): Promise<ICAL.Event> {
  const res = await fileOf(member, meetingId);
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Meeting with [^"]+\.ics"/);
  const [entry, ...more] = entriesIn(res.text);
  expect(more).toEqual([]);
  return entry!;
}

const seen = (entry: ICAL.Event) => ({
  uid: entry.uid,
  sequence: entry.sequence,
  status: entry.component.getFirstPropertyValue('status'),
  start: entry.startDate.toJSDate().toISOString(),
  end: entry.endDate.toJSDate().toISOString(),
  place: entry.location,
});

const act = (member: Member, id: string, action: string, body: Record<string, unknown> = {}) => member.client.post(`/api/meetings/${id}/${action}`, body);

describe('GET /api/meetings/{id}/calendar.ics', () => {
  it('is one entry whose UID stays across a new time (SEQUENCE grows, the new start) and a cancel (STATUS:CANCELLED)', async () => {
    const { event, people, at } = await meetingEvent(t, 2);
    const [ada, bob] = people as [Member, Member];
    // Escaping and folding by octets: separators, quotes and a name in other scripts.
    const eventName = 'Nordic; Summit, "2026" — 東京とストックホルムの夜, Göteborg edition';
    await t.db.updateTable('events').set({ name: eventName }).where('id', '=', event.id).execute();
    const meeting = await acceptedMeeting(ada, bob, event.id, at(60));

    const first = await entryOf(ada, meeting.id);
    expect(seen(first)).toEqual({ uid: `meeting-${meeting.id}@mingle`, sequence: 1, status: 'CONFIRMED', start: at(60), end: at(90), place: 'Table 12' });
    expect(first.summary).toBe(`Meeting with ${bob.firstName} Lovelace`);
    expect(first.description).toContain(`At ${eventName}`);
    expect(first.component.getFirstPropertyValue('url')).toBe(`http://localhost/meetings/${meeting.id}`);
    // No one's address in a downloaded file.
    expect(first.component.getFirstProperty('organizer')).toBeNull();
    expect(first.attendees).toEqual([]);
    // Bob's file is the same entry, named after Ada.
    const bobs = await entryOf(bob, meeting.id);
    expect(seen(bobs)).toEqual(seen(first));
    expect(bobs.summary).toBe(`Meeting with ${ada.firstName} Lovelace`);

    // A new time proposed does not change the entry until it is accepted.
    expect((await act(bob, meeting.id, 'propose', { startsAt: at(180), minutes: 15, place: 'Lobby; east side' })).status).toBe(200);
    expect(seen(await entryOf(ada, meeting.id)).sequence).toBe(1);
    expect((await act(ada, meeting.id, 'accept')).status).toBe(200);
    const moved = await entryOf(ada, meeting.id);
    expect(seen(moved)).toEqual({ uid: first.uid, sequence: 2, status: 'CONFIRMED', start: at(180), end: at(195), place: 'Lobby; east side' });

    expect((await act(bob, meeting.id, 'cancel', { note: 'My flight moved' })).status).toBe(200);
    const cancelled = await entryOf(ada, meeting.id);
    expect(seen(cancelled)).toEqual({ ...seen(moved), sequence: 3, status: 'CANCELLED' });
    expect(cancelled.description).toContain('Cancelled: My flight moved');
  });

  it('is 409 for a meeting never accepted, and 404 for anyone but its two members', async () => {
    const { event, people, at } = await meetingEvent(t, 3);
    const [ada, bob, cy] = people as [Member, Member, Member];
    const asked = (await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt: at(60) })).body as Meeting;
    const refusal = { error: MEETING_CALENDAR_ERRORS.neverAccepted, code: MEETING_CALENDAR_ERROR_CODE };
    expect(await fileOf(bob, asked.id)).toMatchObject({ status: 409, body: refusal });
    expect((await act(ada, asked.id, 'cancel')).status).toBe(200);
    expect(await fileOf(ada, asked.id)).toMatchObject({ status: 409, body: refusal });

    const meeting = await acceptedMeeting(ada, bob, event.id, at(120));
    for (const [who, id] of [
      [cy, meeting.id],
      [ada, randomUUID()],
      [ada, 'not-a-meeting'],
    ] as const) {
      const res = await fileOf(who, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: MEETING_ERRORS.notFound });
    }
    expect((await t.client().get(`/api/meetings/${meeting.id}/calendar.ics`)).status).toBe(401);
  });
});

describe('the calendar feed', () => {
  it("lists the member's accepted and cancelled meetings next to their events, the same entries as the files, until they are past", async () => {
    const { event, people, at } = await meetingEvent(t, 3);
    const [ada, bob, cy] = people as [Member, Member, Member];
    const kept = await acceptedMeeting(ada, bob, event.id, at(60));
    const cancelled = await acceptedMeeting(cy, ada, event.id, at(120));
    expect((await act(cy, cancelled.id, 'cancel')).status).toBe(200);
    const request = (await askMeeting(bob, event.id, { inviteeId: ada.id, startsAt: at(240) })).body as Meeting;
    expect(request.state).toBe('requested');

    const feed = await ada.client.get('/api/users/me/calendar-feed');
    const read = async () => {
      const res = await t.client().get(new URL(feed.body.url as string).pathname);
      expect(res.status).toBe(200);
      return entriesIn(res.text);
    };
    const entries = await read();
    expect(entries.map((entry) => entry.uid).sort()).toEqual(
      [`event-${event.id}@mingle`, `meeting-${kept.id}@mingle`, `meeting-${cancelled.id}@mingle`].sort(),
    );
    const byUid = new Map(entries.map((entry) => [entry.uid, entry]));
    expect(seen(byUid.get(`meeting-${kept.id}@mingle`)!)).toEqual(seen(await entryOf(ada, kept.id)));
    expect(seen(byUid.get(`meeting-${cancelled.id}@mingle`)!)).toMatchObject({ status: 'CANCELLED', sequence: 2 });

    // Six hours after the event's end the event and its meetings have left the feed; a later event's stay.
    const { event: later } = await meetingEvent(t, 0, { start: new Date(Date.parse(at(0)) + 3 * 24 * HOUR) });
    await registerAt(t.db, ada.id, later.id);
    t.clock.advance(Date.parse(at(8 * 60)) + 6 * HOUR + 60_000 - t.clock.now().getTime());
    expect((await read()).map((entry) => entry.uid)).toEqual([`event-${later.id}@mingle`]);
  });
});
