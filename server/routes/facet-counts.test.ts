import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountedLabel, Location } from '../../contract/events';
import { DAY, insertCategory, insertEvent, insertEventType, insertLocation, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/**
 * Faceted counts of the filter panel (contract/facet-requests.ts): GET categories, GET event-types
 * and GET locations count the events that match the OTHER groups' filters and the search. The
 * defect they fix: with Design selected, Stockholm still showed every event in Stockholm.
 */

let t: TestContext;
let member: Member;
let stranger: Member;
let cats: { design: string; tech: string };
let types: { meetup: string; talk: string };
let places: { stockholm: string; oslo: string };

const countsOf = (list: CountedLabel[]) => Object.fromEntries(list.map((c) => [c.id, c.count]));

async function categories(query = '', who = member) {
  const res = await who.client.get(`/api/categories${query}`);
  expect(res.status, query).toBe(200);
  return countsOf(res.body.categories);
}

async function eventTypes(query = '') {
  const res = await member.client.get(`/api/event-types${query}`);
  expect(res.status, query).toBe(200);
  return countsOf(res.body.eventTypes);
}

async function locations(query = '', who = member) {
  const res = await who.client.get(`/api/locations${query}`);
  expect(res.status, query).toBe(200);
  return Object.fromEntries((res.body.data.locations as Location[]).map((l) => [l.id, l.eventCount]));
}

beforeAll(async () => {
  t = await createTestContext();
  member = await newMember(t);
  stranger = await newMember(t);
  cats = { design: await insertCategory(t.db, 'Design'), tech: await insertCategory(t.db, 'Tech') };
  types = { meetup: await insertEventType(t.db, 'Meetup'), talk: await insertEventType(t.db, 'Talk') };
  places = {
    stockholm: await insertLocation(t.db, { name: 'Stockholm', country: 'SE' }),
    oslo: await insertLocation(t.db, { name: 'Oslo', country: 'NO' }),
  };
  const soon = new Date(Date.now() + 2 * DAY);
  const { design, tech } = cats;
  const { meetup, talk } = types;
  const { stockholm, oslo } = places;
  await insertEvent(t.db, { name: 'Harbour Design Night', start: soon, categories: [design], eventTypes: [meetup], locationId: stockholm });
  await insertEvent(t.db, { start: soon, categories: [tech], eventTypes: [talk], locationId: stockholm });
  await insertEvent(t.db, { start: soon, categories: [tech], eventTypes: [meetup], locationId: stockholm });
  // Locked to a free member, and still counted: it is listed (as a preview).
  await insertEvent(t.db, { name: 'Harbour Build Talk', start: soon, categories: [design, tech], eventTypes: [talk], locationId: oslo, isProOnly: true });
  await insertEvent(t.db, { start: soon, categories: [design], eventTypes: [meetup], locationId: oslo });
  // Neither a past event nor another member's community event counts.
  await insertEvent(t.db, { start: new Date(Date.now() - 3 * DAY), categories: [design], eventTypes: [meetup], locationId: stockholm });
  await insertEvent(t.db, {
    start: soon,
    categories: [design],
    eventTypes: [meetup],
    locationId: stockholm,
    sourceType: 'USER_ADDED',
    createdBy: stranger.id,
  });
});
afterAll(() => t.close());

describe('faceted counts', () => {
  it('without filters, count every visible current and upcoming event', async () => {
    expect(await categories()).toEqual({ [cats.design]: 3, [cats.tech]: 3 });
    expect(await eventTypes()).toEqual({ [types.meetup]: 3, [types.talk]: 2 });
    expect(await locations()).toEqual({ [places.stockholm]: 3, [places.oslo]: 2 });
  });

  it('count locations among the events of the chosen categories (Stockholm with Design selected)', async () => {
    expect(await locations(`?categories=${cats.design}`)).toEqual({ [places.stockholm]: 1, [places.oslo]: 2 });
    expect(await locations(`?categories=${cats.tech}`)).toEqual({ [places.stockholm]: 2, [places.oslo]: 1 });
    // Any of the chosen categories matches, as in GET events.
    expect(await locations(`?categories=${cats.design},${cats.tech}`)).toEqual({ [places.stockholm]: 3, [places.oslo]: 2 });
  });

  it('apply every other group and the search, never the group counted', async () => {
    expect(await categories(`?locationIds=${places.stockholm}`)).toEqual({ [cats.design]: 1, [cats.tech]: 2 });
    expect(await categories(`?locationIds=${places.stockholm}&eventTypeIds=${types.meetup}`)).toEqual({
      [cats.design]: 1,
      [cats.tech]: 1,
    });
    expect(await eventTypes(`?categories=${cats.design}`)).toEqual({ [types.meetup]: 2, [types.talk]: 1 });
    expect(await eventTypes(`?categories=${cats.design}&locationIds=${places.oslo}&search=harbour`)).toEqual({
      [types.meetup]: 0,
      [types.talk]: 1,
    });
    expect(await locations(`?eventTypeIds=${types.talk}&categories=${cats.tech}`)).toEqual({ [places.stockholm]: 1, [places.oslo]: 1 });
    // A group's own selection is not a parameter of its counts: choosing one more category must
    // still show what each other category would add.
    expect(await categories(`?categories=${cats.design}`)).toEqual(await categories());
    expect(await eventTypes(`?eventTypeIds=${types.talk}`)).toEqual(await eventTypes());
    expect(await locations(`?locationIds=${places.oslo}`)).toEqual(await locations());
  });

  it('narrow by the search as GET events does: every word, in name, organizer or description', async () => {
    expect(await categories('?search=harbour')).toEqual({ [cats.design]: 2, [cats.tech]: 1 });
    expect(await categories('?search=HARBOUR%20talk')).toEqual({ [cats.design]: 1, [cats.tech]: 1 });
    expect(await locations(`?search=harbour&categories=${cats.tech}`)).toEqual({ [places.stockholm]: 0, [places.oslo]: 1 });
    expect(await categories('?search=%25')).toEqual({ [cats.design]: 0, [cats.tech]: 0 });
  });

  it('agree with the totals of GET events for the same filters', async () => {
    for (const location of Object.values(places)) {
      for (const category of Object.values(cats)) {
        const listed = await member.client.get(`/api/events?nonPassed=true&categories=${category}&locationIds=${location}`);
        expect(listed.status).toBe(200);
        expect((await locations(`?categories=${category}`))[location]).toBe(listed.body.total);
        expect((await categories(`?locationIds=${location}`))[category]).toBe(listed.body.total);
      }
    }
  });

  it('count the community events the reader can see', async () => {
    expect(await locations(`?categories=${cats.design}`, stranger)).toEqual({ [places.stockholm]: 2, [places.oslo]: 2 });
    expect(await categories(`?locationIds=${places.stockholm}&eventTypeIds=${types.meetup}`, stranger)).toEqual({
      [cats.design]: 2,
      [cats.tech]: 1,
    });
  });

  it('answer 400 naming the parameter for bad ids, a long search or control characters', async () => {
    const cases: Array<[string, string]> = [
      ['/api/categories?eventTypeIds=nope', 'eventTypeIds'],
      ['/api/categories?locationIds=1,2', 'locationIds'],
      [`/api/categories?search=${'s'.repeat(201)}`, 'search'],
      ['/api/categories?search=a%01b', 'search'],
      ['/api/event-types?categories=x', 'categories'],
      ['/api/event-types?locationIds=x', 'locationIds'],
      ['/api/locations?categories=x', 'categories'],
      ['/api/locations?eventTypeIds=x', 'eventTypeIds'],
      ['/api/locations?search=%7F', 'search'],
    ];
    for (const [path, field] of cases) {
      const res = await member.client.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.field, path).toBe(field);
    }
  });
});
