import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, EVENT_ERRORS } from '../../contract/errors';
import type { EventListItem } from '../../contract/events';
import {
  connect,
  DAY,
  HOUR,
  insertCategory,
  insertEvent,
  insertEventType,
  insertLocation,
  insertOrganizer,
  newMember,
  registerAt,
  type Member,
} from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import { MINUTE } from '../test/helpers/test-clock';

let t: TestContext;
let member: Member;
beforeAll(async () => {
  t = await createTestContext();
  member = await newMember(t);
});
afterAll(() => t.close());

const names = (events: EventListItem[]) => events.map((e) => e.eventData?.name);
const ids = (events: EventListItem[]) => events.map((e) => e.id);
const now = () => t.clock.now().getTime();
const inDays = (days: number) => new Date(now() + days * DAY);

describe('GET /api/events', () => {
  it('needs a session', async () => {
    const res = await t.client().get('/api/events');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: API_ERRORS.unauthorized });
  });

  it('answers {events, total, page, limit, userSubscription} with each event as a list shows it; the long texts only on its own page', async () => {
    const category = await insertCategory(t.db, 'Shape');
    const type = await insertEventType(t.db, 'Shape');
    const location = await insertLocation(t.db, { name: 'Uppsala', country: 'SE' });
    const organizer = await insertOrganizer(t.db, 'Shape Organizer');
    const event = await insertEvent(t.db, {
      name: 'Shape Conference',
      start: inDays(3),
      end: new Date(now() + 3 * DAY + 8 * HOUR),
      categories: [category],
      eventTypes: [type],
      locationId: location,
      organizerId: organizer,
    });
    await registerAt(t.db, member.id, event.id, 'Meet people');
    const res = await member.client.get(`/api/events?categories=${category}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 1, page: 1, limit: 10, userSubscription: { hasProAccess: false } });
    expect(res.body.attendeeConnections).toBeUndefined();
    const [item] = res.body.events as EventListItem[];
    expect(item).toMatchObject({ id: event.id, isProOnly: false, locationDisplay: { name: 'Uppsala', country: 'SE' } });
    expect(item!.previewData).toBeUndefined();
    expect(item!.eventData).toMatchObject({
      id: event.id,
      name: 'Shape Conference',
      location: 'Main Hall',
      organizer: { id: organizer, name: 'Shape Organizer' },
      categoryIds: [category],
      eventTypeIds: [type],
      sourceType: 'PARTNER',
      isPast: false,
      attendeeCount: 1,
      isRegistered: true,
      goal: 'Meet people',
      createdByMe: false,
    });
    expect(item!.eventData!.categories[0]!.label).toMatch(/^Shape /);
    expect(item!.eventData!.dateTime).toBe(inDays(3).toISOString());
    // Description, agenda and link are the event page's: a list leaves them out (the search still reads the description).
    expect(item!.eventData).not.toHaveProperty('description');
    expect(item!.eventData).not.toHaveProperty('agenda');
    expect(item!.eventData).not.toHaveProperty('eventUrl');
    const detail = await member.client.get(`/api/events/${event.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.eventData).toMatchObject({
      ...item!.eventData,
      description: '<p>An event.</p>',
      agenda: '<p>Agenda</p>',
      eventUrl: 'https://event.example/page',
    });
  });

  it('filters by categories, event types and locations: any of each, all of them together', async () => {
    const [c1, c2, c3] = [await insertCategory(t.db), await insertCategory(t.db), await insertCategory(t.db)];
    const [t1, t2] = [await insertEventType(t.db), await insertEventType(t.db)];
    const [l1, l2] = [await insertLocation(t.db), await insertLocation(t.db)];
    const a = await insertEvent(t.db, { name: 'A', categories: [c1], eventTypes: [t1], locationId: l1 });
    const b = await insertEvent(t.db, { name: 'B', categories: [c2, c3], eventTypes: [t2], locationId: l2 });
    const c = await insertEvent(t.db, { name: 'C', categories: [c3], eventTypes: [t1], locationId: l2 });
    const list = async (query: string) => ids((await member.client.get(`/api/events?${query}`)).body.events).sort();

    expect(await list(`categories=${c1},${c2}`)).toEqual([a.id, b.id].sort());
    expect(await list(`categories=${c3}`)).toEqual([b.id, c.id].sort());
    expect(await list(`categories=${c3}&eventTypeIds=${t1}`)).toEqual([c.id]);
    expect(await list(`eventTypeIds=${t1}&locationIds=${l1}`)).toEqual([a.id]);
    expect(await list(`locationIds=${l2}&categories=${c1},${c2},${c3}`)).toEqual([b.id, c.id].sort());
    expect(await list(`categories=${c1}&locationIds=${l2}`)).toEqual([]);
    // Upper-case ids, spaces and empty entries are accepted.
    expect(await list(`categories=${c1.toUpperCase()},,%20${c2}`)).toEqual([a.id, b.id].sort());
  });

  it('searches name, description text and organizer name, case-insensitively, every word', async () => {
    const category = await insertCategory(t.db);
    const organizer = await insertOrganizer(t.db, 'Okapi Collective');
    const byName = await insertEvent(t.db, { name: 'Quantum Breakfast', categories: [category] });
    const byDescription = await insertEvent(t.db, {
      name: 'Morning Session',
      description: '<p>Bring <strong>Zebra</strong> stripes &amp; 100% energy</p>',
      categories: [category],
    });
    const byOrganizer = await insertEvent(t.db, { name: 'Evening Session', organizerId: organizer, categories: [category] });
    const search = async (text: string) =>
      ids((await member.client.get(`/api/events?categories=${category}&search=${encodeURIComponent(text)}`)).body.events).sort();

    expect(await search('QUANTUM')).toEqual([byName.id]);
    expect(await search('breakfast quantum')).toEqual([byName.id]);
    expect(await search('zebra')).toEqual([byDescription.id]);
    expect(await search('stripes & 100%')).toEqual([byDescription.id]);
    expect(await search('okapi')).toEqual([byOrganizer.id]);
    expect(await search('session')).toEqual([byDescription.id, byOrganizer.id].sort());
    // Markup is not text, and LIKE's wildcards are taken literally.
    expect(await search('strong')).toEqual([]);
    expect(await search('%')).toEqual([byDescription.id]);
    expect(await search('_')).toEqual([]);
    expect(await search('   ')).toHaveLength(3);
  });

  it('follows a renamed organizer in the search', async () => {
    const category = await insertCategory(t.db);
    const organizer = await insertOrganizer(t.db, 'Before Rename');
    const event = await insertEvent(t.db, { organizerId: organizer, categories: [category] });
    await t.db.updateTable('organizers').set({ name: 'Platypus Society' }).where('id', '=', organizer).execute();
    const res = await member.client.get(`/api/events?categories=${category}&search=platypus`);
    expect(ids(res.body.events)).toEqual([event.id]);
    expect((await member.client.get(`/api/events?categories=${category}&search=rename`)).body.total).toBe(0);
  });

  it('sorts featured names first, then current and upcoming soonest first, then past most recent first', async () => {
    const category = await insertCategory(t.db);
    const at = (name: string, start: Date | null, end: Date | null = null) => insertEvent(t.db, { name, start, end, categories: [category] });
    await at('Past recent', inDays(-2));
    await at('Old Festival', inDays(-30));
    await at('Past older', inDays(-9));
    await at('Later', inDays(5));
    await at('Harbour festival', inDays(40));
    await at('Soon', inDays(1));
    await at('Under way', inDays(-1), inDays(1));
    await at('Winter Festival', inDays(20));
    await at('Date to be announced', null);

    const all = await member.client.get(`/api/events?categories=${category}`);
    expect(names(all.body.events)).toEqual([
      'Winter Festival',
      'Harbour festival',
      'Under way',
      'Soon',
      'Later',
      'Date to be announced',
      'Past recent',
      'Past older',
      'Old Festival',
    ]);
    // The events that lead for their name say so (the list shows 'Featured'); a festival that is over does not.
    const featured = (events: EventListItem[]) => events.filter((item) => item.isFeatured).map((item) => item.eventData?.name);
    expect(featured(all.body.events)).toEqual(['Winter Festival', 'Harbour festival']);
    expect(all.body.events.filter((item: EventListItem) => 'isFeatured' in item)).toHaveLength(2);
    const upcoming = await member.client.get(`/api/events?categories=${category}&nonPassed=true`);
    expect(names(upcoming.body.events)).toEqual(names(all.body.events).slice(0, 6));
    expect(upcoming.body.total).toBe(6);

    // The keyword is configurable (FEATURED_KEYWORD).
    const other = t.makeApp({ FEATURED_KEYWORD: 'soon' });
    const client = t.client({}, other);
    client.jar.set('sid', member.client.sid!);
    const featuredSoon = await client.get(`/api/events?categories=${category}&nonPassed=1`);
    expect(names(featuredSoon.body.events).slice(0, 3)).toEqual(['Soon', 'Under way', 'Later']);
    expect(featured(featuredSoon.body.events)).toEqual(['Soon']);
  });

  it('pages: page and limit, a page past the end is empty with the total, an invalid page is 1', async () => {
    const category = await insertCategory(t.db);
    for (let i = 0; i < 23; i++) await insertEvent(t.db, { name: `Paged ${String(i).padStart(2, '0')}`, start: inDays(1 + i), categories: [category] });
    const page = async (query: string) => (await member.client.get(`/api/events?categories=${category}&${query}`)).body;

    const first = await page('');
    expect(first).toMatchObject({ total: 23, page: 1, limit: 10 });
    expect(names(first.events)).toEqual(Array.from({ length: 10 }, (_, i) => `Paged ${String(i).padStart(2, '0')}`));
    const third = await page('page=3');
    expect(third).toMatchObject({ total: 23, page: 3, limit: 10 });
    expect(names(third.events)).toEqual(['Paged 20', 'Paged 21', 'Paged 22']);
    const past = await page('page=9');
    expect(past).toMatchObject({ events: [], total: 23, page: 9, limit: 10 });
    const wide = await page('limit=50');
    expect(wide.events).toHaveLength(23);
    const paged = [
      ...(await page('limit=7&page=1')).events,
      ...(await page('limit=7&page=2')).events,
      ...(await page('limit=7&page=3')).events,
      ...(await page('limit=7&page=4')).events,
    ];
    expect(new Set(ids(paged)).size).toBe(23);
    for (const invalid of ['0', '-2', 'abc', '1.5', '', '9999999']) {
      const body = await page(`page=${invalid}`);
      expect(body.page, invalid).toBe(1);
      expect(names(body.events)[0]).toBe('Paged 00');
    }
  });

  it('answers 400 naming the parameter for invalid ids, flags and limits, never 500', async () => {
    const cases: Array<[string, string, string]> = [
      ['categories=abc', 'categories', 'Invalid categories'],
      ["categories=1' or '1'='1", 'categories', 'Invalid categories'],
      ['eventTypeIds=12345678-1234-1234-1234-12345678901', 'eventTypeIds', 'Invalid eventTypeIds'],
      ['locationIds=%00', 'locationIds', 'Control characters are not allowed'],
      ['nonPassed=yes', 'nonPassed', 'Invalid flag'],
      ['includeAttendeeConnections=2', 'includeAttendeeConnections', 'Invalid flag'],
      ['limit=0', 'limit', 'Invalid limit'],
      ['limit=51', 'limit', 'Invalid limit'],
      ['limit=ten', 'limit', 'Invalid limit'],
      [`search=${'x'.repeat(201)}`, 'search', 'Search too long'],
    ];
    for (const [query, field, error] of cases) {
      const res = await member.client.get(`/api/events?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ error, field });
    }
    const many = Array.from({ length: 51 }, () => crypto.randomUUID()).join(',');
    expect((await member.client.get(`/api/events?categories=${many}`)).status).toBe(400);
    // Odd but harmless input is no error.
    for (const query of ['search=%27%3B%20drop%20table%20events%3B--', 'search=%E2%9C%93', 'unknown=1', 'page=1&page=2']) {
      expect((await member.client.get(`/api/events?${query}`)).status, query).toBe(200);
    }
  });

  it('keeps an event current until 6 hours after its end (or start), by the server clock', async () => {
    const category = await insertCategory(t.db);
    const ended = await insertEvent(t.db, {
      name: 'Ended an hour ago',
      start: new Date(now() - 3 * HOUR),
      end: new Date(now() - HOUR),
      categories: [category],
    });
    const started = await insertEvent(t.db, { name: 'Started 5 hours ago', start: new Date(now() - 5 * HOUR), end: null, categories: [category] });
    const current = async () => {
      const body = (await member.client.get(`/api/events?categories=${category}&nonPassed=true`)).body;
      return names(body.events);
    };
    const isPast = async (id: string) => (await member.client.get(`/api/events/${id}`)).body.eventData.isPast;

    expect(await current()).toEqual(['Started 5 hours ago', 'Ended an hour ago']);
    expect(await isPast(ended.id)).toBe(false);
    t.clock.advance(HOUR - MINUTE);
    expect(await current()).toEqual(['Started 5 hours ago', 'Ended an hour ago']);
    t.clock.advance(2 * MINUTE);
    expect(await current()).toEqual(['Ended an hour ago']);
    expect(await isPast(started.id)).toBe(true);
    t.clock.advance(4 * HOUR);
    expect(await current()).toEqual([]);
    expect(await isPast(ended.id)).toBe(true);
    const all = await member.client.get(`/api/events?categories=${category}`);
    expect(names(all.body.events)).toEqual(['Ended an hour ago', 'Started 5 hours ago']);
  });

  it('lists the attendee connections of each event when asked', async () => {
    const category = await insertCategory(t.db);
    const viewer = await newMember(t);
    const [ann, bob, stranger] = [await newMember(t), await newMember(t), await newMember(t)];
    await t.db.updateTable('users').set({ first_name: 'Ann' }).where('id', '=', ann.id).execute();
    await t.db.updateTable('users').set({ first_name: 'Bob' }).where('id', '=', bob.id).execute();
    await connect(t.db, viewer.id, ann.id);
    await connect(t.db, bob.id, viewer.id);
    const busy = await insertEvent(t.db, { name: 'Busy', start: inDays(1), categories: [category] });
    const quiet = await insertEvent(t.db, { name: 'Quiet', start: inDays(2), categories: [category] });
    for (const m of [bob, ann, stranger]) await registerAt(t.db, m.id, busy.id);
    await registerAt(t.db, stranger.id, quiet.id);

    const res = await viewer.client.get(`/api/events?categories=${category}&includeAttendeeConnections=true`);
    expect(res.body.attendeeConnections).toEqual({
      [busy.id]: [
        { id: ann.id, firstName: 'Ann' },
        { id: bob.id, firstName: 'Bob' },
      ],
      [quiet.id]: [],
    });
    expect(res.body.events[0].eventData.attendeeCount).toBe(3);
  });

  it('answers the PRO access of the member', async () => {
    const pro = await newMember(t, { pro: true });
    expect((await pro.client.get('/api/events?limit=1')).body.userSubscription).toEqual({ hasProAccess: true });
  });
});

describe('GET /api/events/{id}', () => {
  it('answers the event, 404 JSON for unknown or malformed ids', async () => {
    const event = await insertEvent(t.db, { name: 'Detail' });
    const res = await member.client.get(`/api/events/${event.id}`);
    expect(res.status).toBe(200);
    expect(res.body.eventData.name).toBe('Detail');
    for (const id of [crypto.randomUUID(), 'not-a-uuid', "1'%20or%20'1'='1", '%00', event.id.slice(0, -1)]) {
      const missing = await member.client.get(`/api/events/${id}`);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toEqual({ error: EVENT_ERRORS.eventNotFound });
    }
    expect((await t.client().get(`/api/events/${event.id}`)).status).toBe(401);
  });
});

describe('GET /api/events/my-events', () => {
  it('lists every event the member is registered at: current and upcoming soonest first, then past', async () => {
    const me = await newMember(t);
    const friend = await newMember(t);
    await connect(t.db, me.id, friend.id);
    const later = await insertEvent(t.db, { name: 'Mine later', start: inDays(9) });
    const soon = await insertEvent(t.db, { name: 'Mine soon', start: inDays(2) });
    const old = await insertEvent(t.db, { name: 'Mine old', start: inDays(-20) });
    const recent = await insertEvent(t.db, { name: 'Mine recent', start: inDays(-3) });
    await insertEvent(t.db, { name: 'Not mine', start: inDays(1) });
    for (const e of [later, soon, old, recent]) await registerAt(t.db, me.id, e.id);
    await registerAt(t.db, friend.id, soon.id);

    const res = await me.client.get('/api/events/my-events?includeAttendeeConnections=true');
    expect(res.status).toBe(200);
    expect(names(res.body.events)).toEqual(['Mine soon', 'Mine later', 'Mine recent', 'Mine old']);
    expect(res.body).toMatchObject({ total: 4, page: 1, userSubscription: { hasProAccess: false } });
    expect(res.body.attendeeConnections[soon.id]).toEqual([{ id: friend.id, firstName: friend.firstName }]);
    expect(res.body.events.every((e: EventListItem) => e.eventData?.isRegistered)).toBe(true);

    const empty = await (await newMember(t)).client.get('/api/events/my-events');
    expect(empty.body).toMatchObject({ events: [], total: 0 });
    expect((await me.client.get('/api/events/my-events?includeAttendeeConnections=maybe')).status).toBe(400);
  });
});

describe('GET /api/events/users/{userId}', () => {
  it("lists another member's events to a member who may see them; 404 for an unknown member and for a stranger", async () => {
    const other = await newMember(t);
    const a = await insertEvent(t.db, { name: 'Theirs', start: inDays(4) });
    await registerAt(t.db, other.id, a.id);
    // Until they share an event (or a connection), the other member does not exist for this one.
    const unseen = await member.client.get(`/api/events/users/${other.id}`);
    expect(unseen.status).toBe(404);
    expect(unseen.body).toEqual({ error: API_ERRORS.userNotFound });
    const both = await insertEvent(t.db, { name: 'Both', start: inDays(5) });
    await registerAt(t.db, other.id, both.id);
    await registerAt(t.db, member.id, both.id);
    const res = await member.client.get(`/api/events/users/${other.id}`);
    expect(res.status).toBe(200);
    expect(names(res.body.events)).toEqual(['Theirs', 'Both']);
    expect(res.body.events[0].eventData.isRegistered).toBe(false);
    for (const id of [crypto.randomUUID(), 'nobody']) {
      const missing = await member.client.get(`/api/events/users/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: API_ERRORS.userNotFound });
    }
  });
});

describe('GET /api/organizers/{id} and /api/organizers/{id}/events', () => {
  it('answers the organizer and its events that have not passed', async () => {
    const organizer = await insertOrganizer(t.db, 'Tapir Events');
    await insertEvent(t.db, { name: 'Tapir past', start: inDays(-5), organizerId: organizer });
    await insertEvent(t.db, { name: 'Tapir later', start: inDays(8), organizerId: organizer });
    await insertEvent(t.db, { name: 'Tapir Festival', start: inDays(30), organizerId: organizer });
    await insertEvent(t.db, { name: 'Tapir soon', start: inDays(1), organizerId: organizer });
    await insertEvent(t.db, { name: 'Someone else', start: inDays(1) });

    const res = await member.client.get(`/api/organizers/${organizer}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: organizer,
      name: 'Tapir Events',
      imageUrl: '/media/organizers/x.svg',
      description: 'About Tapir Events',
      externalUrl: 'https://organizer.example',
    });
    const events = await member.client.get(`/api/organizers/${organizer}/events`);
    expect(events.status).toBe(200);
    expect(names(events.body.events)).toEqual(['Tapir soon', 'Tapir later', 'Tapir Festival']);
    expect(events.body).toMatchObject({ total: 3, page: 1, limit: 50, userSubscription: { hasProAccess: false } });
    expect((await member.client.get(`/api/organizers/${organizer}/events?limit=2&page=2`)).body.events).toHaveLength(1);
  });

  it('answers 404 JSON for unknown or malformed ids', async () => {
    for (const path of [
      `/api/organizers/${crypto.randomUUID()}`,
      '/api/organizers/abc',
      `/api/organizers/${crypto.randomUUID()}/events`,
      '/api/organizers/x/events',
    ]) {
      const res = await member.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: EVENT_ERRORS.organizerNotFound });
    }
    expect((await t.client().get(`/api/organizers/${crypto.randomUUID()}`)).status).toBe(401);
  });
});
