import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ERRORS } from '../../contract/errors';
import type { EventListItem } from '../../contract/events';
import {
  connect,
  DAY,
  insertCategory,
  insertEvent,
  insertEventType,
  insertLocation,
  insertOrganizer,
  newMember,
  registerAt,
  type InsertedEvent,
  type Member,
} from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import type { TestClient, TestResponse } from '../test/helpers/test-client';

/**
 * The rule of docs/decisions.md, 'What a member may see of an event': no endpoint gives the full
 * data of a PRO-only event to a member without PRO who is not registered at it, nor any data of a
 * community event to a member who is neither its creator, nor connected with the creator, nor
 * registered at it.
 *
 * Readers: anonymous; creator (of the community event, free); connection (of the creator, free);
 * stranger (free); pro (PRO, a stranger to the creator); attendee (free, registered at the PRO
 * event through an invitation).
 */

let t: TestContext;
const readers: Record<'creator' | 'connection' | 'stranger' | 'pro' | 'attendee', Member> = {} as never;
let anonymous: TestClient;
let category: string;
let eventType: string;
let location: string;
let organizer: string;
let proEvent: InsertedEvent;
let community: { id: string; joinSecret: string };

// Unique marks of what must not leak.
const PRO_NAME = 'Velvet Rope Investor Dinner';
const PRO_DESCRIPTION = 'PRO-DESCRIPTION-7f3a';
const PRO_URL = 'https://pro-only-7f3a.example/register';
const COMMUNITY_NAME = 'Pizza with the Stockholm crew';
const COMMUNITY_URL = 'https://community-9c1d.example/';

beforeAll(async () => {
  t = await createTestContext();
  anonymous = t.client();
  readers.creator = await newMember(t);
  readers.connection = await newMember(t);
  readers.stranger = await newMember(t);
  readers.pro = await newMember(t, { pro: true });
  readers.attendee = await newMember(t);
  await connect(t.db, readers.creator.id, readers.connection.id);

  category = await insertCategory(t.db, 'Matrix');
  eventType = await insertEventType(t.db, 'Matrix');
  location = await insertLocation(t.db, { name: 'Matrixholm', country: 'SE' });
  organizer = await insertOrganizer(t.db, 'Matrix Organizer');
  proEvent = await insertEvent(t.db, {
    name: PRO_NAME,
    description: `<p>${PRO_DESCRIPTION}</p>`,
    isProOnly: true,
    start: new Date(Date.now() + 10 * DAY),
    categories: [category],
    eventTypes: [eventType],
    locationId: location,
    organizerId: organizer,
  });
  await t.db.updateTable('events').set({ event_url: PRO_URL }).where('id', '=', proEvent.id).execute();

  const created = await readers.creator.client.post('/api/events/user-added', {
    name: COMMUNITY_NAME,
    dateTime: new Date(Date.now() + 5 * DAY).toISOString(),
    eventUrl: COMMUNITY_URL,
  });
  expect(created.status).toBe(201);
  community = created.body;
  await t.db.insertInto('event_categories').values({ event_id: community.id, category_id: category }).execute();
  await t.db.updateTable('events').set({ location_id: location }).where('id', '=', community.id).execute();

  // Every reader met the others at one open event, so each may see the others' lists of events
  // (who may see a member at all is the authorization matrix's); what is in them is checked here.
  const gathering = await insertEvent(t.db, { name: 'Open gathering', start: new Date(Date.now() + 3 * DAY) });
  for (const reader of Object.values(readers)) await registerAt(t.db, reader.id, gathering.id);

  // The attendee joined the PRO event with its join link, and is a connection of nobody.
  const joined = await readers.attendee.client.post(`/api/events/${proEvent.id}/join`, { secret: proEvent.joinSecret, goal: '' });
  expect(joined.status).toBe(201);
});
afterAll(() => t.close());

type Reader = keyof typeof readers;
const FREE_UNREGISTERED: Reader[] = ['creator', 'connection', 'stranger'];
const SEES_PRO_IN_FULL: Reader[] = ['pro', 'attendee'];
const SEES_COMMUNITY: Reader[] = ['creator', 'connection'];
const COMMUNITY_HIDDEN: Reader[] = ['stranger', 'pro', 'attendee'];

/** Every GET a signed-in reader can make that answers events, each with the answer's events. */
async function eventAnswers(client: TestClient): Promise<Array<{ path: string; res: TestResponse; items: EventListItem[] }>> {
  const lists = [
    `/api/events?categories=${category}&includeAttendeeConnections=true`,
    `/api/events?nonPassed=true&includeAttendeeConnections=true&limit=50`,
    `/api/events?search=${encodeURIComponent('pizza')}`,
    `/api/events?search=${encodeURIComponent('PRO-DESCRIPTION')}`,
    `/api/events?locationIds=${location}`,
    `/api/events/my-events?includeAttendeeConnections=true`,
    `/api/events/users/${readers.creator.id}`,
    `/api/events/users/${readers.attendee.id}`,
    `/api/organizers/${organizer}/events?includeAttendeeConnections=true`,
  ];
  const singles = [`/api/events/${proEvent.id}`, `/api/events/${community.id}`, `/api/events/public/${proEvent.id}`, `/api/events/public/${community.id}`];
  const out = [];
  for (const path of lists) {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    out.push({ path, res, items: res.body.events as EventListItem[] });
  }
  for (const path of singles) {
    const res = await client.get(path);
    out.push({ path, res, items: res.status === 200 ? [res.body as EventListItem] : [] });
  }
  return out;
}

describe('PRO-only events', () => {
  it.each(FREE_UNREGISTERED)('are only a preview for a free member (%s), on every endpoint', async (reader) => {
    const answers = await eventAnswers(readers[reader].client);
    let seen = 0;
    for (const { path, res, items } of answers) {
      expect(res.text, path).not.toContain(PRO_DESCRIPTION);
      expect(res.text, path).not.toContain(PRO_URL);
      expect(res.text, path).not.toContain(PRO_NAME);
      for (const item of items.filter((i) => i.id === proEvent.id)) {
        seen++;
        expect(item.eventData, path).toBeUndefined();
        expect(item.isProOnly).toBe(true);
        expect(item.previewData, path).toEqual({
          imageUrl: '/media/events/event-01.svg',
          dateTime: expect.any(String),
          aiGeneratedBlurb: 'A blurb written for the preview.',
          location: 'Main Hall',
        });
      }
      if (res.body?.attendeeConnections && proEvent.id in res.body.attendeeConnections) {
        expect(res.body.attendeeConnections[proEvent.id], path).toEqual([]);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(6);
  });

  it.each(SEES_PRO_IN_FULL)('are full for a PRO member or an attendee (%s)', async (reader) => {
    const res = await readers[reader].client.get(`/api/events/${proEvent.id}`);
    expect(res.status).toBe(200);
    expect(res.body.previewData).toBeUndefined();
    expect(res.body.eventData).toMatchObject({ name: PRO_NAME, description: `<p>${PRO_DESCRIPTION}</p>`, eventUrl: PRO_URL });
    const list = await readers[reader].client.get(`/api/events?categories=${category}`);
    expect(list.body.events.find((e: EventListItem) => e.id === proEvent.id).eventData.name).toBe(PRO_NAME);
  });

  it('are a preview for anonymous readers of the join page; an invitation shows the summary', async () => {
    const preview = await anonymous.get(`/api/events/public/${proEvent.id}`);
    expect(preview.status).toBe(200);
    expect(preview.body.eventData).toBeUndefined();
    expect(preview.body.previewData.aiGeneratedBlurb).toBe('A blurb written for the preview.');
    expect(preview.text).not.toContain(PRO_NAME);

    for (const client of [anonymous, readers.stranger.client]) {
      const invited = await client.get(`/api/events/public/${proEvent.id}?secret=${proEvent.joinSecret}`);
      expect(invited.status).toBe(200);
      expect(invited.body.eventData).toMatchObject({
        name: PRO_NAME,
        description: null,
        agenda: null,
        eventUrl: null,
        organizer: { id: organizer, name: 'Matrix Organizer' },
        locationDisplay: { name: 'Matrixholm', country: 'SE' },
      });
      expect(invited.text).not.toContain(PRO_DESCRIPTION);
      expect(invited.text).not.toContain(PRO_URL);
    }
  });

  it('cannot be joined or inspected by a free member without an invitation', async () => {
    const { client } = readers.stranger;
    const join = await client.post(`/api/events/${proEvent.id}/join`, { goal: '' });
    expect(join.status).toBe(403);
    expect(join.body).toEqual({ error: EVENT_ERRORS.upgradeToJoin });
    const connections = await client.get(`/api/events/${proEvent.id}/attendees/my-connections`);
    expect(connections.status).toBe(403);
    const secret = await client.get(`/api/events/${proEvent.id}/request-join-secret`);
    expect(secret.status).toBe(403);
    expect(secret.text).not.toContain(proEvent.joinSecret);
    const goal = await client.patch(`/api/events/${proEvent.id}/attendee`, { goal: 'x' });
    expect(goal.status).toBe(403);
  });

  it('can be joined by a PRO member without a secret', async () => {
    const pro = await newMember(t, { pro: true });
    const res = await pro.client.post(`/api/events/${proEvent.id}/join`, { goal: 'Meet investors' });
    expect(res.status).toBe(201);
    expect(res.body.eventData).toMatchObject({ name: PRO_NAME, isRegistered: true, goal: 'Meet investors' });
  });
});

describe('community events', () => {
  it.each(COMMUNITY_HIDDEN)('do not exist for a non-connection (%s)', async (reader) => {
    const { client } = readers[reader];
    for (const { path, res, items } of await eventAnswers(client)) {
      expect(res.text, path).not.toContain(COMMUNITY_NAME);
      expect(res.text, path).not.toContain(COMMUNITY_URL);
      expect(
        items.map((i) => i.id),
        path,
      ).not.toContain(community.id);
    }
    const paths: Array<[string, string, unknown?]> = [
      ['GET', `/api/events/${community.id}`],
      ['GET', `/api/events/public/${community.id}`],
      ['GET', `/api/events/public/${community.id}?secret=wrong`],
      ['GET', `/api/events/${community.id}/request-join-secret`],
      ['GET', `/api/events/${community.id}/attendees/my-connections`],
      ['POST', `/api/events/${community.id}/join`, { goal: '' }],
      ['POST', `/api/events/${community.id}/join`, { secret: 'wrong-secret', goal: '' }],
      ['PATCH', `/api/events/${community.id}/attendee`, { goal: 'x' }],
      ['DELETE', `/api/users/me/events/${community.id}`],
    ];
    for (const [method, path, json] of paths) {
      const res = await client.request(method, path, json === undefined ? {} : { json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toEqual({ error: EVENT_ERRORS.eventNotFound });
    }
  });

  it('answer the same 404 for hidden and for unknown events (no oracle)', async () => {
    const unknown = crypto.randomUUID();
    for (const path of ['', '/request-join-secret', '/attendees/my-connections']) {
      const hidden = await readers.stranger.client.get(`/api/events/${community.id}${path}`);
      const missing = await readers.stranger.client.get(`/api/events/${unknown}${path}`);
      expect([hidden.status, hidden.body]).toEqual([missing.status, missing.body]);
    }
  });

  it.each(SEES_COMMUNITY)('are listed in full for the creator and their connections (%s)', async (reader) => {
    const { client } = readers[reader];
    const res = await client.get(`/api/events/${community.id}`);
    expect(res.status).toBe(200);
    expect(res.body.eventData).toMatchObject({ name: COMMUNITY_NAME, sourceType: 'USER_ADDED', createdByMe: reader === 'creator' });
    const list = await client.get(`/api/events?categories=${category}`);
    expect(list.body.events.map((e: EventListItem) => e.id)).toContain(community.id);
    const counts = await client.get('/api/categories');
    expect(counts.body.categories.find((c: { id: string }) => c.id === category).count).toBe(2);
  });

  it('are not counted for others, and anonymous readers only reach them with the secret', async () => {
    const counts = await readers.stranger.client.get('/api/categories');
    expect(counts.body.categories.find((c: { id: string }) => c.id === category).count).toBe(1);
    const locations = await readers.stranger.client.get(`/api/locations?query=matrixholm`);
    expect(locations.body.data.locations[0].eventCount).toBe(1);
    const creatorLocations = await readers.creator.client.get(`/api/locations?query=matrixholm`);
    expect(creatorLocations.body.data.locations[0].eventCount).toBe(2);

    expect((await anonymous.get(`/api/events/public/${community.id}`)).status).toBe(404);
    const invited = await anonymous.get(`/api/events/public/${community.id}?secret=${community.joinSecret}`);
    expect(invited.status).toBe(200);
    expect(invited.body.eventData).toMatchObject({ name: COMMUNITY_NAME, eventUrl: null, description: null });
  });

  it('become visible to whoever joins with the secret', async () => {
    const guest = await newMember(t);
    const joined = await guest.client.post(`/api/events/${community.id}/join`, { secret: community.joinSecret, goal: 'Eat pizza' });
    expect(joined.status).toBe(201);
    expect(joined.body.eventData).toMatchObject({ name: COMMUNITY_NAME, isRegistered: true, goal: 'Eat pizza', eventUrl: COMMUNITY_URL });
    expect((await guest.client.get(`/api/events/${community.id}`)).status).toBe(200);
  });
});

describe('anonymous readers', () => {
  it('get 401 from every endpoint but the join page', async () => {
    const paths: Array<[string, string]> = [
      ['GET', '/api/events'],
      ['GET', `/api/events/${proEvent.id}`],
      ['GET', '/api/events/my-events'],
      ['GET', `/api/events/users/${readers.creator.id}`],
      ['GET', `/api/events/${proEvent.id}/request-join-secret`],
      ['POST', `/api/events/${proEvent.id}/join`],
      ['PATCH', `/api/events/${proEvent.id}/attendee`],
      ['GET', `/api/events/${proEvent.id}/attendees/my-connections`],
      ['DELETE', `/api/users/me/events/${proEvent.id}`],
      ['POST', '/api/events/user-added'],
      ['GET', `/api/organizers/${organizer}`],
      ['GET', `/api/organizers/${organizer}/events`],
      ['GET', '/api/categories'],
      ['GET', '/api/event-types'],
      ['GET', '/api/locations'],
    ];
    for (const [method, path] of paths) {
      const res = await anonymous.request(method, path, method === 'GET' || method === 'DELETE' ? {} : { json: { goal: '' } });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('see the summary of an ordinary event on the join page, never its description or URL', async () => {
    const open = await insertEvent(t.db, { name: 'Open Meetup', description: '<p>OPEN-DESCRIPTION</p>' });
    const res = await anonymous.get(`/api/events/public/${open.id}`);
    expect(res.status).toBe(200);
    expect(res.body.eventData).toMatchObject({ name: 'Open Meetup', description: null, eventUrl: null, isRegistered: false });
    expect(res.text).not.toContain('OPEN-DESCRIPTION');
    // A signed-in reader who may see it gets the detail page's answer.
    const member = await readers.stranger.client.get(`/api/events/public/${open.id}`);
    expect(member.body.eventData.description).toBe('<p>OPEN-DESCRIPTION</p>');
    for (const id of ['nope', crypto.randomUUID()]) {
      const missing = await anonymous.get(`/api/events/public/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: EVENT_ERRORS.eventNotFound });
    }
    expect((await anonymous.get(`/api/events/public/${open.id}?secret=${'x'.repeat(201)}`)).status).toBe(400);
  });
});
