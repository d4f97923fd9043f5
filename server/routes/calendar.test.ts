import ICAL from 'ical.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_ERRORS } from '../../contract/calendar';
import { EVENT_ERRORS } from '../../contract/errors';
import { connect, DAY, HOUR, insertEvent, insertLocation, insertOrganizer, newMember, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** Taking events home: GET events/{id}/calendar.ics and the member's calendar feed at a secret URL. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A start on the minute, as events are entered (iCalendar times carry no milliseconds). */
const inDays = (days: number, hour = 9) => {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(hour, 30, 0, 0);
  return date;
};

function eventsIn(text: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

/** A start or end as parsed: its UTC instant, and whether the file said UTC (Z). */
const utc = (time: ICAL.Time) => ({ iso: time.toJSDate().toISOString(), zone: time.zone?.tzid });

const feedUrlOf = async (member: Member): Promise<string> => {
  const res = await member.client.get('/api/users/me/calendar-feed');
  expect(res.status).toBe(200);
  return res.body.url as string;
};

/** The feed as a calendar app fetches it: a client with no cookie. */
const fetchFeed = (url: string) => t.client().get(new URL(url).pathname);

async function awkwardEvent(overrides: Parameters<typeof insertEvent>[1] = {}) {
  const organizer = await insertOrganizer(t.db, 'Nordic; Events, AB');
  return insertEvent(t.db, {
    name: 'Åsa\'s "Summit"; 東京, Göteborg\nNight edition',
    start: inDays(5),
    end: new Date(inDays(5).getTime() + 8 * HOUR),
    location: 'Hall 2, Floor 3; Entrance B',
    organizerId: organizer,
    ...overrides,
  });
}

describe('GET /api/events/{id}/calendar.ics', () => {
  it('is a download that parses: the name, UTC start and end, the place, the goal, the event page and a stable UID', async () => {
    const me = await newMember(t);
    const event = await awkwardEvent();
    await registerAt(t.db, me.id, event.id, 'Meet founders, investors; and 李 from Lisbon\nthen follow up');
    const res = await me.client.get(`/api/events/${event.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.ics"; filename\*=UTF-8''[^\s]+\.ics$/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    for (const line of res.text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);

    const [parsed, ...more] = eventsIn(res.text);
    expect(more).toEqual([]);
    expect(parsed!.summary).toBe('Åsa\'s "Summit"; 東京, Göteborg\nNight edition');
    expect(utc(parsed!.startDate)).toEqual({ iso: inDays(5).toISOString(), zone: 'UTC' });
    expect(utc(parsed!.endDate)).toEqual({ iso: new Date(inDays(5).getTime() + 8 * HOUR).toISOString(), zone: 'UTC' });
    expect(parsed!.location).toBe('Hall 2, Floor 3; Entrance B');
    expect(parsed!.description).toContain('Your goal: Meet founders, investors; and 李 from Lisbon\nthen follow up');
    expect(parsed!.description).toContain('Organized by Nordic; Events, AB');
    expect(parsed!.component.getFirstPropertyValue('url')).toBe(`http://localhost/events/${event.id}`);
    expect(parsed!.uid).toBe(`event-${event.id}@mingle`);
    // Downloading again gives the same UID: a calendar updates the entry rather than adding one.
    expect(eventsIn((await me.client.get(`/api/events/${event.id}/calendar.ics`)).text)[0]!.uid).toBe(parsed!.uid);
  });

  it('lasts two hours when the event has no end; no goal line without a goal; the place from the location list', async () => {
    const me = await newMember(t);
    const place = await insertLocation(t.db, { name: 'Kulturhuset', country: 'SE' });
    const event = await insertEvent(t.db, { start: inDays(3, 17), end: null, location: null, locationId: place });
    const res = await me.client.get(`/api/events/${event.id}/calendar.ics`);
    expect(res.status).toBe(200);
    const [parsed] = eventsIn(res.text);
    expect(utc(parsed!.startDate).iso).toBe(inDays(3, 17).toISOString());
    expect(utc(parsed!.endDate).iso).toBe(new Date(inDays(3, 17).getTime() + 2 * HOUR).toISOString());
    expect(parsed!.location).toBe('Kulturhuset, Sweden');
    expect(parsed!.description).not.toContain('Your goal');
  });

  it('follows the event page: a hidden or unknown event is 404, a locked one 403, no session 401, no date 404', async () => {
    const me = await newMember(t);
    const creator = await newMember(t);
    const hidden = await insertEvent(t.db, { sourceType: 'USER_ADDED', createdBy: creator.id });
    for (const id of [hidden.id, randomUUID(), 'not-an-id']) {
      const res = await me.client.get(`/api/events/${id}/calendar.ics`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: EVENT_ERRORS.eventNotFound });
      expect(res.text).not.toContain('BEGIN:VCALENDAR');
    }
    // Once connected with its creator, the member sees the community event, and its file.
    await connect(t.db, me.id, creator.id);
    expect((await me.client.get(`/api/events/${hidden.id}/calendar.ics`)).status).toBe(200);

    const locked = await insertEvent(t.db, { isProOnly: true, name: `Locked ${randomUUID()}` });
    const refused = await me.client.get(`/api/events/${locked.id}/calendar.ics`);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('Locked');
    await registerAt(t.db, me.id, locked.id);
    expect((await me.client.get(`/api/events/${locked.id}/calendar.ics`)).status).toBe(200);

    expect((await t.client().get(`/api/events/${locked.id}/calendar.ics`)).status).toBe(401);
    const undated = await insertEvent(t.db, { start: null });
    const res = await me.client.get(`/api/events/${undated.id}/calendar.ics`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: CALENDAR_ERRORS.noDate });
  });
});

describe('the calendar feed', () => {
  it('lists the upcoming events the member is registered at, soonest first, with no cookie and no contact details', async () => {
    const me = await newMember(t);
    const other = await newMember(t);
    await t.db.updateTable('users').set({ first_name: 'Zelda', last_name: 'Quartermain', phone: '+46709999999' }).where('id', '=', other.id).execute();
    const otherEmail = (await t.db.selectFrom('users').select('email').where('id', '=', other.id).executeTakeFirstOrThrow()).email;
    await connect(t.db, me.id, other.id);
    const later = await insertEvent(t.db, { name: 'Later Summit', start: inDays(20) });
    const sooner = await awkwardEvent();
    const underWay = await insertEvent(t.db, { name: 'Under Way', start: new Date(Date.now() - 3 * HOUR), end: new Date(Date.now() + HOUR) });
    const past = await insertEvent(t.db, { name: 'Past Meetup', start: new Date(Date.now() - 3 * DAY) });
    const notMine = await insertEvent(t.db, { name: 'Not Registered', start: inDays(4) });
    const undated = await insertEvent(t.db, { name: 'Undated', start: null });
    for (const event of [later, sooner, underWay, past, undated]) await registerAt(t.db, me.id, event.id);
    await t.db
      .updateTable('event_attendees')
      .set({ goal: 'Find a co-founder, maybe two; 東京' })
      .where('user_id', '=', me.id)
      .where('event_id', '=', sooner.id)
      .execute();
    for (const event of [later, sooner, notMine]) await registerAt(t.db, other.id, event.id, 'Zelda private goal');

    const url = await feedUrlOf(me);
    expect(url).toMatch(/^http:\/\/localhost\/api\/calendar\/[\w-]{43}\.ics$/);
    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.cookies).toEqual([]);
    const entries = eventsIn(res.text);
    expect(entries.map((e) => e.summary)).toEqual(['Under Way', 'Åsa\'s "Summit"; 東京, Göteborg\nNight edition', 'Later Summit']);
    expect(entries.map((e) => e.uid)).toEqual([underWay, sooner, later].map((e) => `event-${e.id}@mingle`));
    expect(utc(entries[2]!.startDate)).toEqual({ iso: inDays(20).toISOString(), zone: 'UTC' });
    expect(entries[1]!.description).toContain('Your goal: Find a co-founder, maybe two; 東京');
    expect(new ICAL.Component(ICAL.parse(res.text)).getFirstPropertyValue('x-wr-calname')).toBe('Mingle: my events');

    // Nobody's contact details, nor anyone else's name or goal: the feed is about the member's events only.
    expect(res.text).not.toMatch(/^(ATTENDEE|ORGANIZER|CONTACT)/m);
    for (const text of [otherEmail, '+46709999999', 'Zelda', 'Quartermain', 'Zelda private goal']) expect(res.text).not.toContain(text);
  });

  it('keeps one URL until rotated; a rotated, wrong or malformed secret is 404', async () => {
    const me = await newMember(t);
    await registerAt(t.db, me.id, (await insertEvent(t.db, { name: 'Rotation Day', start: inDays(2) })).id);
    const first = await feedUrlOf(me);
    expect(await feedUrlOf(me)).toBe(first);
    expect((await fetchFeed(first)).status).toBe(200);

    const rotated = await me.client.post('/api/users/me/calendar-feed/rotate');
    expect(rotated.status).toBe(200);
    const second = rotated.body.url as string;
    expect(second).not.toBe(first);
    expect(await feedUrlOf(me)).toBe(second);
    const old = await fetchFeed(first);
    expect(old.status).toBe(404);
    expect(old.text).not.toContain('Rotation Day');
    expect(eventsIn((await fetchFeed(second)).text).map((e) => e.summary)).toEqual(['Rotation Day']);

    const secret = new URL(second).pathname
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/api/calendar/${wrong}.ics`,
      `/api/calendar/${secret}`,
      `/api/calendar/${secret}.ics.ics`,
      '/api/calendar/x.ics',
      `/api/calendar/${'%00'.repeat(43)}.ics`,
    ]) {
      const res = await t.client().get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('Rotation Day');
    }
    // The signed-in member's own cookie does not open a wrong secret either.
    expect((await me.client.get(`/api/calendar/${wrong}.ics`)).status).toBe(404);
  });

  it('its URL and rotation need a session; a cross-site rotation is refused', async () => {
    expect((await t.client().get('/api/users/me/calendar-feed')).status).toBe(401);
    expect((await t.client().post('/api/users/me/calendar-feed/rotate')).status).toBe(401);
    const me = await newMember(t);
    const url = await feedUrlOf(me);
    const res = await me.client.post('/api/users/me/calendar-feed/rotate', undefined, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await feedUrlOf(me)).toBe(url);
  });

  it('is not in the account export (a credential), and goes with the account', async () => {
    const me = await newMember(t);
    const url = await feedUrlOf(me);
    const secret = new URL(url).pathname
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const exported = await me.client.get('/api/users/me/export');
    expect(exported.status).toBe(200);
    expect(exported.text).not.toContain(secret);

    const email = (await t.db.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirstOrThrow()).email;
    expect((await me.client.post('/api/login/pin/request', { email })).status).toBe(200);
    const erased = await me.client.request('DELETE', '/api/users/me', { json: { pin: t.mailer.lastCode(email) } });
    expect(erased.status).toBe(204);
    expect(await t.db.selectFrom('calendar_feeds').selectAll().where('secret', '=', secret).execute()).toEqual([]);
    expect((await fetchFeed(url)).status).toBe(404);
  });
});
