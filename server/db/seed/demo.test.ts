import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsCode } from '../../../contract/content-check';
import { knownTimeZone } from '../../../contract/meeting-slots';
import { isEventPast } from '../../../contract/event-currency';
import { validate } from '../../../contract/fields';
import { FIELD_LIMITS } from '../../../contract/limits';
import { profileUpdateSchema } from '../../../contract/user';
import { openTestDatabase } from '../../test/helpers/test-database';
import type { OpenDatabase } from '../database';
import { buildDemoData } from './build';
import { COUNTRIES } from './data/places';
import { timeZoneFor } from './data/time-zones';
import { DEMO_EMAIL, DEMO_FLAGSHIP_EVENT_IDS, DEMO_PRO_EMAIL, SANITIZER_PROBE_EVENT_IDS, seedDemo, seedDemoIfEmpty } from './demo';

const SUGGESTED_COUNTRIES = ['SE', 'NO', 'DK', 'FI', 'IS', 'DE', 'FR', 'GB', 'IT', 'ES', 'NL', 'BE', 'CH', 'AT', 'US', 'CA'];
const PUBLIC_DIR = fileURLToPath(new URL('../../../public', import.meta.url));
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

let database: OpenDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('demo seed', () => {
  it('seeds an empty database once, also when two processes start together', async () => {
    const results = await Promise.all([seedDemoIfEmpty(database.db), seedDemoIfEmpty(database.db)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await seedDemoIfEmpty(database.db)).toBe(false);
  });

  it('gives each event with a place the time zone of its city, and one without a place none', async () => {
    for (const country of COUNTRIES)
      for (const [city] of country.cities) expect(knownTimeZone(timeZoneFor(country.code, city)), city).toBe(timeZoneFor(country.code, city));
    const events = await database.db
      .selectFrom('events as e')
      .leftJoin('locations as l', 'l.id', 'e.location_id')
      .select(['e.time_zone', 'l.name', 'l.country'])
      .execute();
    const placed = events.filter((e) => e.name !== null);
    expect(placed.length).toBeGreaterThan(100);
    for (const e of placed) expect(e.time_zone, e.name!).toBe(timeZoneFor(e.country!, e.name!));
    expect(events.filter((e) => e.name === null).every((e) => e.time_zone === null)).toBe(true);
    expect(new Set(placed.map((e) => e.time_zone))).toContain('America/Los_Angeles');
  });

  it('has past, current and upcoming events, some of them PRO-only', async () => {
    const now = new Date();
    const events = await database.db.selectFrom('events').selectAll().execute();
    expect(events.length).toBeGreaterThanOrEqual(200);
    const currency = events.map((e) => {
      const shape = { dateTime: iso(e.date_time), endDateTime: iso(e.end_date_time) };
      if (isEventPast(shape, now)) return 'past';
      return (e.date_time as Date).getTime() <= now.getTime() ? 'current' : 'upcoming';
    });
    expect(currency.filter((c) => c === 'past').length).toBeGreaterThanOrEqual(40);
    expect(currency.filter((c) => c === 'current').length).toBeGreaterThanOrEqual(5);
    expect(currency.filter((c) => c === 'upcoming').length).toBeGreaterThanOrEqual(120);

    const proOnly = events.filter((e) => e.is_pro_only);
    expect(proOnly.length).toBeGreaterThanOrEqual(20);
    expect(proOnly.every((e) => (e.ai_generated_blurb ?? '').length > 20)).toBe(true);
    expect(new Set(events.map((e) => e.source_type))).toEqual(new Set(['PARTNER', 'PRO', 'SCRAPED']));
    expect(events.filter((e) => e.name.includes('Festival')).length).toBeGreaterThanOrEqual(4);

    for (const e of events) {
      expect(e.join_secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
      if (e.event_url) expect(new URL(e.event_url).hostname).toMatch(/\.example$/);
    }
    expect(new Set(events.map((e) => e.join_secret)).size).toBe(events.length);
    expect(new Set(events.map((e) => e.name)).size).toBe(events.length);
  });

  it('tags every event with 1-3 categories and 1-2 event types', async () => {
    const cats = await database.db.selectFrom('event_categories').select('event_id').execute();
    const types = await database.db.selectFrom('event_event_types').select('event_id').execute();
    const events = await database.db.selectFrom('events').select('id').execute();
    const count = (rows: { event_id: string }[]) => {
      const map = new Map<string, number>();
      for (const r of rows) map.set(r.event_id, (map.get(r.event_id) ?? 0) + 1);
      return map;
    };
    const perCat = count(cats);
    const perType = count(types);
    for (const { id } of events) {
      expect(perCat.get(id)).toBeGreaterThanOrEqual(1);
      expect(perCat.get(id)).toBeLessThanOrEqual(3);
      expect(perType.get(id)).toBeGreaterThanOrEqual(1);
      expect(perType.get(id)).toBeLessThanOrEqual(2);
    }
    expect((await database.db.selectFrom('categories').select('id').execute()).length).toBeGreaterThanOrEqual(12);
    expect((await database.db.selectFrom('event_types').select('id').execute()).length).toBeGreaterThanOrEqual(8);
    expect((await database.db.selectFrom('organizers').select('id').execute()).length).toBeGreaterThanOrEqual(10);
  });

  it('has locations in all 16 suggested countries', async () => {
    const locations = await database.db.selectFrom('locations').select(['country', 'name', 'region']).execute();
    for (const code of SUGGESTED_COUNTRIES) {
      expect(locations.filter((l) => l.country === code).length, code).toBeGreaterThanOrEqual(3);
    }
    expect(COUNTRIES.map((c) => c.code).sort()).toEqual([...SUGGESTED_COUNTRIES].sort());
    expect(locations.every((l) => l.region)).toBe(true);
  });

  it('has 60+ members with complete profiles that pass the profile rules', async () => {
    const users = await database.db.selectFrom('users').selectAll().execute();
    expect(users.length).toBeGreaterThanOrEqual(60);
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    for (const u of users) {
      expect(u.email).toBe(u.email.toLowerCase());
      expect(u.email).toMatch(/^[a-z0-9.]+@(?:[a-z0-9-]+\.)*example(?:\.(?:com|org|net))?$/);
      expect(u.role && u.story && u.location && u.location_id && u.linkedin_url && u.phone).toBeTruthy();
      // The same schema PATCH users/me uses: limits, content check, phone and URL formats.
      const result = validate(profileUpdateSchema, {
        firstName: u.first_name,
        lastName: u.last_name,
        role: u.role,
        story: u.story,
        location: u.location,
        linkedinUrl: u.linkedin_url,
        phone: u.phone,
      });
      expect(result, `${u.email}: ${JSON.stringify(result)}`).toMatchObject({ ok: true });
      expect(u.linkedin_url).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[a-z0-9-]+$/);
    }
    const consents = await database.db.selectFrom('consents').select(['user_id', 'type']).execute();
    for (const u of users) {
      const types = consents.filter((c) => c.user_id === u.id).map((c) => c.type);
      expect(types.sort()).toEqual(['event_marketing', 'privacy', 'product_updates', 'terms']);
    }
  });

  it('registers members at events with goals that pass the content check', async () => {
    const rows = await database.db.selectFrom('event_attendees').selectAll().execute();
    const goals = rows.map((r) => r.goal).filter((g): g is string => g !== null);
    expect(goals.length / rows.length).toBeGreaterThan(0.6);
    for (const goal of goals) {
      expect(containsCode(goal), goal).toBe(false);
      expect(goal.length).toBeLessThanOrEqual(FIELD_LIMITS.goal);
    }
    const perUser = new Map<string, number>();
    for (const r of rows) perUser.set(r.user_id, (perUser.get(r.user_id) ?? 0) + 1);
    const users = await database.db.selectFrom('users').select('id').execute();
    for (const { id } of users) expect(perUser.get(id) ?? 0).toBeGreaterThanOrEqual(3);
  });

  it('fills the flagship events and registers the demo accounts there', async () => {
    const now = new Date();
    const demo = await database.db.selectFrom('users').selectAll().where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    const pro = await database.db.selectFrom('users').selectAll().where('email', '=', DEMO_PRO_EMAIL).executeTakeFirstOrThrow();
    expect([demo.first_name, demo.last_name]).toEqual(['Demo', 'User']);
    for (const id of Object.values(DEMO_FLAGSHIP_EVENT_IDS)) {
      const event = await database.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(event.is_pro_only).toBe(false);
      expect(isEventPast({ dateTime: iso(event.date_time), endDateTime: iso(event.end_date_time) }, now)).toBe(false);
      const attendees = await database.db.selectFrom('event_attendees').select('user_id').where('event_id', '=', id).execute();
      expect(attendees.length).toBeGreaterThanOrEqual(40);
      expect(attendees.map((a) => a.user_id)).toEqual(expect.arrayContaining([demo.id, pro.id]));
    }
    const summit = await database.db.selectFrom('events').selectAll().where('id', '=', DEMO_FLAGSHIP_EVENT_IDS.summit).executeTakeFirstOrThrow();
    expect((summit.date_time as Date).getTime()).toBeLessThan(now.getTime());

    const subscription = await database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', pro.id).executeTakeFirstOrThrow();
    expect(subscription.status).toBe('PRO');
    const paying = await database.db.selectFrom('subscriptions').select('user_id').where('status', '=', 'PRO').execute();
    expect(paying.length).toBeGreaterThanOrEqual(3);
    expect(await database.db.selectFrom('subscriptions').select('user_id').where('user_id', '=', demo.id).executeTakeFirst()).toBeUndefined();
  });

  it('has connections with interactions and feed entries on both sides', async () => {
    const db = database.db;
    const connections = await db.selectFrom('connections').selectAll().execute();
    const interactions = await db.selectFrom('interactions').selectAll().execute();
    const feed = await db.selectFrom('feed_activities').selectAll().execute();
    expect(connections.length).toBeGreaterThanOrEqual(20);
    for (const c of connections) {
      const sees = (owner: string, subject: string) => feed.some((f) => f.type === 'connection' && f.owner_user_id === owner && f.subject_user_id === subject);
      expect(sees(c.user_a_id, c.user_b_id) && sees(c.user_b_id, c.user_a_id)).toBe(true);
      if (c.event_id) {
        const liked = (from: string, to: string) =>
          interactions.some((i) => i.from_user_id === from && i.to_user_id === to && i.event_id === c.event_id && i.type === 'POSITIVE');
        expect(liked(c.user_a_id, c.user_b_id) && liked(c.user_b_id, c.user_a_id)).toBe(true);
      }
    }
    // No mutual like at one event without a connection.
    const connected = new Set(connections.map((c) => `${c.user_a_id}|${c.user_b_id}`));
    for (const i of interactions.filter((x) => x.type === 'POSITIVE')) {
      const back = interactions.some(
        (x) => x.type === 'POSITIVE' && x.from_user_id === i.to_user_id && x.to_user_id === i.from_user_id && x.event_id === i.event_id,
      );
      const pair = i.from_user_id < i.to_user_id ? `${i.from_user_id}|${i.to_user_id}` : `${i.to_user_id}|${i.from_user_id}`;
      if (back) expect(connected.has(pair)).toBe(true);
    }
    // Interactions only between attendees of the event.
    const attendees = new Set((await db.selectFrom('event_attendees').select(['event_id', 'user_id']).execute()).map((a) => `${a.event_id}|${a.user_id}`));
    for (const i of interactions) {
      expect(attendees.has(`${i.event_id}|${i.from_user_id}`) && attendees.has(`${i.event_id}|${i.to_user_id}`)).toBe(true);
    }
    const demo = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    expect(feed.filter((f) => f.owner_user_id === demo.id).length).toBeGreaterThanOrEqual(5);
    expect(interactions.filter((i) => i.to_user_id === demo.id && i.event_id === DEMO_FLAGSHIP_EVENT_IDS.summit).length).toBeGreaterThan(0);
  });

  it('writes HTML descriptions with the allowed tags, except the sanitizer probes', async () => {
    const events = await database.db.selectFrom('events').select(['id', 'description']).execute();
    const probes = new Set<string>(Object.values(SANITIZER_PROBE_EVENT_IDS));
    for (const e of events) {
      const tags = [...(e.description ?? '').matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => (m[1] as string).toLowerCase());
      if (probes.has(e.id)) {
        expect(e.description).toMatch(/<script|onerror=|onclick=/);
      } else {
        expect(new Set(tags)).toSatisfy((set: Set<string>) => [...set].every((t) => ['p', 'br', 'strong', 'em', 'ul', 'li', 'a'].includes(t)));
        expect(e.description).not.toMatch(/\son\w+=/);
      }
    }
  });

  it('references only images that exist in public/media and are small', async () => {
    const urls = [
      ...(await database.db.selectFrom('events').select('image_url').execute()).map((r) => r.image_url),
      ...(await database.db.selectFrom('users').select('image_url').execute()).map((r) => r.image_url),
      ...(await database.db.selectFrom('organizers').select('image_url').execute()).map((r) => r.image_url),
    ].filter((u): u is string => u !== null);
    expect(urls.length).toBeGreaterThan(250);
    for (const url of new Set(urls)) {
      expect(url).toMatch(/^\/media\/(events|avatars|organizers)\/[a-z0-9-]+\.svg$/);
      const file = `${PUBLIC_DIR}${url}`;
      expect(existsSync(file), url).toBe(true);
      expect(statSync(file).size).toBeLessThan(2048);
    }
  });

  it('is deterministic but for the join secrets: the same moment gives the same data', async () => {
    const now = new Date('2030-03-14T10:00:00Z');
    const withoutSecrets = () => {
      const data = buildDemoData(now);
      return { ...data, events: data.events.map(({ join_secret: _secret, ...event }) => event) };
    };
    expect(withoutSecrets()).toEqual(withoutSecrets());

    await seedDemo(database.db, { now, replace: true });
    const first = await database.db.selectFrom('events').select(['id', 'name']).orderBy('id').execute();
    const firstUsers = await database.db.selectFrom('users').select(['id', 'email', 'first_name']).orderBy('id').execute();
    await seedDemo(database.db, { now, replace: true });
    expect(await database.db.selectFrom('events').select(['id', 'name']).orderBy('id').execute()).toEqual(first);
    expect(await database.db.selectFrom('users').select(['id', 'email', 'first_name']).orderBy('id').execute()).toEqual(firstUsers);
    expect(first.length).toBeGreaterThanOrEqual(200);
  });

  it('draws join secrets from the CSPRNG, so the public seed cannot predict them', () => {
    const now = new Date('2030-03-14T10:00:00Z');
    const secrets = (data: ReturnType<typeof buildDemoData>) => data.events.map((event) => event.join_secret);
    const one = secrets(buildDemoData(now));
    const other = secrets(buildDemoData(now));
    expect(one.every((secret, i) => secret !== other[i])).toBe(true);
    for (const secret of one) expect(Buffer.from(secret as string, 'base64url')).toHaveLength(16);
  });
});
