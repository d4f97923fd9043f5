import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountedLabel, Location } from '../../contract/events';
import { DAY, HOUR, insertCategory, insertEvent, insertEventType, insertLocation, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** GET categories, GET event-types and GET locations (this file's database holds only its own rows). */

let t: TestContext;
let member: Member;
let cats: { tech: string; food: string; empty: string };
let types: { meetup: string; talk: string };
let places: { stockholm: string; malmo: string; oslo: string; berlin: string; custom: string };

const countsOf = (list: CountedLabel[]) => Object.fromEntries(list.map((c) => [c.id, c.count]));

beforeAll(async () => {
  t = await createTestContext();
  member = await newMember(t);
  cats = { tech: await insertCategory(t.db, 'Tech'), food: await insertCategory(t.db, 'Food'), empty: await insertCategory(t.db, 'Empty') };
  types = { meetup: await insertEventType(t.db, 'Meetup'), talk: await insertEventType(t.db, 'Talk') };
  places = {
    stockholm: await insertLocation(t.db, { name: 'Stockholm', country: 'SE', region: 'Stockholm County' }),
    malmo: await insertLocation(t.db, { name: 'Malmö', country: 'SE', region: 'Skåne' }),
    oslo: await insertLocation(t.db, { name: 'Oslo', country: 'NO', region: 'Oslo' }),
    berlin: await insertLocation(t.db, { name: 'Berlin', country: 'DE', region: 'Berlin' }),
    custom: await insertLocation(t.db, { name: 'Our Office', country: 'SE', isCustom: true }),
  };
  const soon = new Date(Date.now() + 2 * DAY);
  await insertEvent(t.db, { start: soon, categories: [cats.tech, cats.food], eventTypes: [types.meetup], locationId: places.stockholm });
  await insertEvent(t.db, { start: soon, categories: [cats.tech], eventTypes: [types.talk], locationId: places.stockholm });
  await insertEvent(t.db, { start: soon, categories: [cats.tech], eventTypes: [types.talk], locationId: places.oslo, isProOnly: true });
  // Past events and hidden community events do not count.
  await insertEvent(t.db, { start: new Date(Date.now() - 3 * DAY), categories: [cats.food], eventTypes: [types.meetup], locationId: places.berlin });
  const stranger = await newMember(t);
  await insertEvent(t.db, {
    start: soon,
    categories: [cats.food],
    eventTypes: [types.meetup],
    locationId: places.malmo,
    sourceType: 'USER_ADDED',
    createdBy: stranger.id,
  });
  // Current (ended 2 hours ago) counts.
  await insertEvent(t.db, { start: new Date(Date.now() - 4 * HOUR), end: new Date(Date.now() - 2 * HOUR), categories: [cats.food], locationId: places.oslo });
});
afterAll(() => t.close());

describe('GET /api/categories', () => {
  it('answers every category with the count of visible upcoming events, zero included, by label', async () => {
    const res = await member.client.get('/api/categories');
    expect(res.status).toBe(200);
    const list = res.body.categories as CountedLabel[];
    expect(list.map((c) => c.label.split(' ')[0])).toEqual(['Empty', 'Food', 'Tech']);
    expect(countsOf(list)).toEqual({ [cats.tech]: 3, [cats.food]: 2, [cats.empty]: 0 });
    expect(Object.keys(list[0]!).sort()).toEqual(['count', 'id', 'label']);
  });

  it('counts by the server clock', async () => {
    t.clock.advance(5 * HOUR);
    try {
      expect(countsOf((await member.client.get('/api/categories')).body.categories)[cats.food]).toBe(1);
    } finally {
      t.clock.advance(-5 * HOUR);
    }
  });
});

describe('GET /api/event-types', () => {
  it('answers every event type with its count', async () => {
    const res = await member.client.get('/api/event-types');
    expect(res.status).toBe(200);
    expect(countsOf(res.body.eventTypes)).toEqual({ [types.meetup]: 1, [types.talk]: 2 });
  });
});

describe('GET /api/locations', () => {
  const list = async (query = '') => {
    const res = await member.client.get(`/api/locations${query}`);
    expect(res.status, query).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.data as { locations: Location[]; total: number; page: number; limit: number };
  };

  it('answers the wrapper with every location, most events first, then by name', async () => {
    const data = await list();
    expect(data).toMatchObject({ total: 5, page: 1, limit: 20 });
    expect(data.locations.map((l) => [l.name, l.eventCount])).toEqual([
      ['Oslo', 2],
      ['Stockholm', 2],
      ['Berlin', 0],
      ['Malmö', 0],
      ['Our Office', 0],
    ]);
    expect(data.locations[1]).toEqual({
      id: places.stockholm,
      name: 'Stockholm',
      country: 'SE',
      region: 'Stockholm County',
      isCustom: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      eventCount: 2,
    });
  });

  it('matches the name, the region or the country name, case-insensitively', async () => {
    const names = async (query: string) => (await list(`?query=${encodeURIComponent(query)}`)).locations.map((l) => l.name);
    expect(await names('MALM')).toEqual(['Malmö']);
    expect(await names('skåne')).toEqual(['Malmö']);
    expect(await names('sweden')).toEqual(['Stockholm', 'Malmö', 'Our Office']);
    expect(await names('norw')).toEqual(['Oslo']);
    expect(await names('county')).toEqual(['Stockholm']);
    expect(await names('%')).toEqual([]);
    expect(await names('atlantis')).toEqual([]);
  });

  it('filters by country and by custom flag, and pages', async () => {
    expect((await list('?country=se')).locations.map((l) => l.name)).toEqual(['Stockholm', 'Malmö', 'Our Office']);
    expect((await list('?isCustom=true')).locations.map((l) => l.name)).toEqual(['Our Office']);
    expect((await list('?isCustom=false&country=SE')).locations.map((l) => l.name)).toEqual(['Stockholm', 'Malmö']);
    const page2 = await list('?limit=2&page=2');
    expect(page2).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(page2.locations.map((l) => l.name)).toEqual(['Berlin', 'Malmö']);
    expect(await list('?limit=2&page=7')).toMatchObject({ locations: [], total: 5, page: 7 });
    expect((await list('?page=zero')).page).toBe(1);
  });

  it('answers 400 naming the parameter for a bad limit, country or flag', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['country=SWE', 'country'],
      ['country=1', 'country'],
      ['isCustom=maybe', 'isCustom'],
      [`query=${'q'.repeat(101)}`, 'query'],
    ]) {
      const res = await member.client.get(`/api/locations?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });
});
