import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '../../contract/events';
import { DAY, insertEvent, insertLocation, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/**
 * The location service's reads (contract/locations.ts): search and paging of GET locations, resolve,
 * suggestions, popular, countries and regions. This file's database holds only its own rows.
 */

let t: TestContext;
let member: Member;
let places: Record<'stockholm' | 'stockholmCustom' | 'solna' | 'malmo' | 'oslo' | 'bergen' | 'berlin' | 'office', string>;

beforeAll(async () => {
  t = await createTestContext();
  member = await newMember(t);
  places = {
    stockholm: await insertLocation(t.db, { name: 'Stockholm', country: 'SE', region: 'Stockholm County' }),
    stockholmCustom: await insertLocation(t.db, { name: 'Stockholm', country: 'US', region: 'Wisconsin', isCustom: true }),
    solna: await insertLocation(t.db, { name: 'Solna', country: 'SE', region: 'stockholm county' }),
    malmo: await insertLocation(t.db, { name: 'Malmö', country: 'SE', region: 'Skåne' }),
    oslo: await insertLocation(t.db, { name: 'Oslo', country: 'NO', region: 'Oslo' }),
    bergen: await insertLocation(t.db, { name: 'Bergen', country: 'NO', region: 'Vestland' }),
    berlin: await insertLocation(t.db, { name: 'Berlin', country: 'DE', region: 'Berlin' }),
    office: await insertLocation(t.db, { name: 'Our Office', country: 'SE', isCustom: true }),
  };
  const soon = new Date(Date.now() + 2 * DAY);
  // Use: Oslo 3 events, Berlin 1 past event and 1 member, Bergen 1 member; community events do not count.
  for (let i = 0; i < 3; i++) await insertEvent(t.db, { start: soon, locationId: places.oslo });
  await insertEvent(t.db, { start: new Date(Date.now() - 30 * DAY), locationId: places.berlin });
  const other = await newMember(t);
  await t.db.updateTable('users').set({ location_id: places.berlin }).where('id', '=', other.id).execute();
  await t.db.updateTable('users').set({ location_id: places.bergen }).where('id', '=', member.id).execute();
  for (let i = 0; i < 5; i++) await insertEvent(t.db, { start: soon, locationId: places.malmo, sourceType: 'USER_ADDED', createdBy: other.id });
});
afterAll(() => t.close());

const namesOf = (locations: Location[]) => locations.map((l) => `${l.name}/${l.country}`);

async function ok(path: string, init: { body?: unknown } = {}) {
  const res = init.body === undefined ? await member.client.get(path) : await member.client.post(path, init.body);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.data;
}

describe('GET /api/locations search', () => {
  const search = async (query: string) => namesOf((await ok(`/api/locations?limit=100&query=${encodeURIComponent(query)}`)).locations);

  it('matches the name, the English country name or the region, case-insensitively', async () => {
    // Order is the list's (most events, name, then id), tested in taxonomy.test.ts.
    expect((await search('STOCKholm')).sort()).toEqual(['Solna/SE', 'Stockholm/SE', 'Stockholm/US']);
    expect(await search('norway')).toEqual(['Oslo/NO', 'Bergen/NO']);
    expect(await search('United States')).toEqual(['Stockholm/US']);
    expect(await search('vestLAND')).toEqual(['Bergen/NO']);
    expect(await search('malmö')).toEqual(['Malmö/SE']);
    expect(await search('_')).toEqual([]);
    // Name and region are matched apart: 'Stockholm' + 'Stockholm County' holds no 'holmstock'.
    expect(await search('holmstock')).toEqual([]);
  });

  it('pages with a total, and filters by country and custom flag', async () => {
    const first = await ok('/api/locations?limit=3&page=1');
    const second = await ok('/api/locations?limit=3&page=2');
    const third = await ok('/api/locations?limit=3&page=3');
    expect([first.total, second.total, third.total]).toEqual([8, 8, 8]);
    const all = [...first.locations, ...second.locations, ...third.locations].map((l: Location) => l.id);
    expect(new Set(all).size).toBe(8);
    expect(namesOf((await ok('/api/locations?country=no')).locations)).toEqual(['Oslo/NO', 'Bergen/NO']);
    expect(namesOf((await ok('/api/locations?isCustom=true')).locations).sort()).toEqual(['Our Office/SE', 'Stockholm/US']);
    expect(namesOf((await ok('/api/locations?isCustom=true&query=stock')).locations)).toEqual(['Stockholm/US']);
  });
});

describe('POST /api/locations/resolve', () => {
  const resolve = async (userInput: unknown) => (await ok('/api/locations/resolve', { body: { userInput } })).exactMatch as Location | null;

  it('finds the location whose display text or name is the input exactly, case-insensitively', async () => {
    expect((await resolve('stockholm, sweden'))?.id).toBe(places.stockholm);
    expect((await resolve('  Stockholm, United States '))?.id).toBe(places.stockholmCustom);
    expect((await resolve('Stockholm, US'))?.id).toBe(places.stockholmCustom);
    // The name alone: the known place before the custom one.
    expect((await resolve('STOCKHOLM'))?.id).toBe(places.stockholm);
    expect(await resolve('Oslo')).toMatchObject({ id: places.oslo, name: 'Oslo', country: 'NO', isCustom: false, eventCount: 3 });
  });

  it('answers null for a partial, unknown or blank input', async () => {
    expect(await resolve('Stock')).toBeNull();
    expect(await resolve('Oslo, Sweden')).toBeNull();
    expect(await resolve('Atlantis')).toBeNull();
    expect(await resolve('   ')).toBeNull();
  });

  it('answers 400 naming userInput when it is missing or too long', async () => {
    for (const body of [{}, { userInput: 5 }, { userInput: 'x'.repeat(201) }]) {
      const res = await member.client.post('/api/locations/resolve', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe('userInput');
    }
  });
});

describe('GET /api/locations/suggestions', () => {
  it('puts an exact name first, then names starting with the text, then other matches (region, country)', async () => {
    const data = await ok('/api/locations/suggestions?q=stockholm');
    expect(namesOf(data.locations)).toEqual(['Stockholm/SE', 'Stockholm/US', 'Solna/SE']);
    expect(namesOf((await ok('/api/locations/suggestions?q=O')).locations).slice(0, 2)).toEqual(['Oslo/NO', 'Our Office/SE']);
  });

  it('answers 10 by default, honours limit, and the popular ones when nothing is typed', async () => {
    expect((await ok('/api/locations/suggestions?q=o')).locations.length).toBeLessThanOrEqual(10);
    expect((await ok('/api/locations/suggestions?q=sweden&limit=2')).locations).toHaveLength(2);
    expect(namesOf((await ok('/api/locations/suggestions?limit=2')).locations)).toEqual(['Oslo/NO', 'Berlin/DE']);
  });

  it('answers 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=x', 'limit'],
      [`q=${'q'.repeat(101)}`, 'q'],
    ]) {
      const res = await member.client.get(`/api/locations/suggestions?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });
});

describe('GET /api/locations/popular', () => {
  it('orders by use: events there (not community ones) plus members who chose it', async () => {
    const data = await ok('/api/locations/popular');
    // Oslo 3 events; Berlin 1 past event + 1 member; Bergen 1 member; then the unused, known places first.
    expect(namesOf(data.locations).slice(0, 3)).toEqual(['Oslo/NO', 'Berlin/DE', 'Bergen/NO']);
    expect(namesOf(data.locations).slice(3, 6)).toEqual(['Malmö/SE', 'Solna/SE', 'Stockholm/SE']);
    expect(data.locations).toHaveLength(8);
    expect(data.locations[0]).toMatchObject({ eventCount: 3 });
    expect((await ok('/api/locations/popular?limit=1')).locations).toHaveLength(1);
    expect((await member.client.get('/api/locations/popular?limit=100')).body.field).toBe('limit');
  });
});

describe('GET /api/locations/countries and regions', () => {
  it('answers the 16 suggested countries in order, with English names and location counts', async () => {
    const { countries } = await ok('/api/locations/countries');
    expect(countries).toHaveLength(16);
    expect(countries[0]).toEqual({ code: 'SE', name: 'Sweden', locationCount: 4 });
    expect(countries.find((c: { code: string }) => c.code === 'US')).toEqual({ code: 'US', name: 'United States', locationCount: 1 });
    expect(countries.find((c: { code: string }) => c.code === 'CA')).toMatchObject({ locationCount: 0 });
  });

  it("answers a country's distinct regions alphabetically, one per spelling regardless of case", async () => {
    expect(await ok('/api/locations/countries/SE/regions')).toEqual({ country: 'SE', regions: ['Skåne', 'Stockholm County'] });
    expect((await ok('/api/locations/countries/no/regions')).regions).toEqual(['Oslo', 'Vestland']);
    expect((await ok('/api/locations/countries/CA/regions')).regions).toEqual([]);
  });

  it('answers 400 for a malformed code and 404 for a country outside the list', async () => {
    const bad = await member.client.get('/api/locations/countries/SWE/regions');
    expect([bad.status, bad.body.field]).toEqual([400, 'country']);
    expect((await member.client.get('/api/locations/countries/JP/regions')).status).toBe(404);
  });
});

describe('signed out', () => {
  it('answers 401 on every call', async () => {
    const anonymous = t.client();
    for (const path of [
      '/api/locations',
      '/api/locations/suggestions?q=o',
      '/api/locations/popular',
      '/api/locations/countries',
      '/api/locations/countries/SE/regions',
    ]) {
      expect((await anonymous.get(path)).status, path).toBe(401);
    }
    expect((await anonymous.post('/api/locations/resolve', { userInput: 'Oslo' })).status).toBe(401);
    expect((await anonymous.post('/api/locations', { name: 'Nowhere', country: 'SE' })).status).toBe(401);
  });
});
