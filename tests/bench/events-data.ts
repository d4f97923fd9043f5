/**
 * The events benchmark's data set: 10,000 events with categories, event types, locations
 * and organizers, 5,000 members and 50,000 registrations, plus connections, so that visibility,
 * attendee counts and attendee connections have real work to do. Deterministic: a seeded
 * generator and dates relative to `now`. Written with a few large multi-row inserts into a
 * freshly migrated, empty database; the triggers of migration 0003 fill search_text and
 * current_until as they would for any insert.
 *
 * Shape: 20 % of the events are past, 3 % are community events (USER_ADDED) of random members,
 * 10 % are PRO-only; each has 1-3 categories and 1-2 event types; names and HTML descriptions
 * come from word lists, so a word such as 'data' matches about a third of them.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { CATEGORIES, EVENT_TYPES } from '../../server/db/seed/data/catalogue';
import { createRandom, randomSecret } from '../../server/db/seed/random';
import { insertAll } from '../../server/test/helpers/insert-all';
import { seededUuid } from './seeded-uuid';

export const BENCH_SIZES = {
  events: 10_000,
  members: 5_000,
  registrations: 50_000,
  organizers: 200,
  /** Connections between other members; the bench member has its own on top. */
  connections: 5_000,
  benchMemberConnections: 100,
  benchMemberRegistrations: 40,
} as const;

const COUNTRIES: Array<[string, string[]]> = [
  ['SE', ['Stockholm', 'Gothenburg', 'Malmö', 'Uppsala', 'Umeå']],
  ['NO', ['Oslo', 'Bergen', 'Trondheim', 'Stavanger', 'Tromsø']],
  ['DK', ['Copenhagen', 'Aarhus', 'Odense', 'Aalborg', 'Esbjerg']],
  ['FI', ['Helsinki', 'Espoo', 'Tampere', 'Turku', 'Oulu']],
  ['IS', ['Reykjavík', 'Akureyri', 'Kópavogur', 'Hafnarfjörður', 'Selfoss']],
  ['DE', ['Berlin', 'Munich', 'Hamburg', 'Frankfurt', 'Cologne']],
  ['FR', ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Bordeaux']],
  ['GB', ['London', 'Manchester', 'Edinburgh', 'Bristol', 'Cardiff']],
  ['IT', ['Milan', 'Rome', 'Turin', 'Bologna', 'Naples']],
  ['ES', ['Madrid', 'Barcelona', 'Valencia', 'Seville', 'Bilbao']],
  ['NL', ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', 'The Hague']],
  ['BE', ['Brussels', 'Antwerp', 'Ghent', 'Liège', 'Leuven']],
  ['CH', ['Zurich', 'Geneva', 'Basel', 'Lausanne', 'Bern']],
  ['AT', ['Vienna', 'Graz', 'Linz', 'Salzburg', 'Innsbruck']],
  ['US', ['New York', 'San Francisco', 'Austin', 'Boston', 'Seattle']],
  ['CA', ['Toronto', 'Vancouver', 'Montreal', 'Calgary', 'Ottawa']],
];
const ADJECTIVES = [
  'Nordic',
  'Global',
  'Future',
  'Open',
  'Applied',
  'Modern',
  'Practical',
  'Annual',
  'Spring',
  'Autumn',
  'Winter',
  'Summer',
  'Urban',
  'Green',
  'Digital',
];
const TOPICS = [
  'AI',
  'Data',
  'Cloud',
  'Fintech',
  'Climate',
  'Design',
  'Product',
  'Security',
  'Health',
  'Robotics',
  'Mobility',
  'Growth',
  'Web',
  'Quantum',
  'Retail',
  'Media',
  'Energy',
  'Space',
  'Food',
  'Games',
];
const KINDS = ['Summit', 'Meetup', 'Forum', 'Conference', 'Workshop', 'Hackathon', 'Breakfast', 'Night', 'Expo', 'Days'];
const SENTENCES = [
  'Join practitioners for a day of talks and hands-on sessions about {topic}.',
  'We look at how teams turn data into decisions without drowning in dashboards.',
  'Expect candid panels, short demos and plenty of time to meet people.',
  'Speakers share what worked, what failed and what they would do differently.',
  'The programme covers data pipelines, privacy and the cost of running models in production.',
  'Bring your questions about {topic}; the hallway track is where the real conversations happen.',
  'Lunch, coffee and an evening reception are included.',
  'Founders, engineers and investors meet to compare notes on {topic}.',
  'A practical workshop: you leave with a working prototype and a plan.',
  'Case studies from companies that scaled their data platforms across the Nordics.',
  'Seats are limited to keep the sessions interactive.',
  'The event is held in English; slides are shared afterwards.',
];
const FIRST_NAMES = [
  'Anna',
  'Erik',
  'Sofia',
  'Lars',
  'Maja',
  'Oskar',
  'Ingrid',
  'Nils',
  'Elin',
  'Jonas',
  'Freja',
  'Mikkel',
  'Aino',
  'Juha',
  'Sara',
  'Emil',
  'Clara',
  'Lukas',
  'Marie',
  'Tom',
];
const LAST_NAMES = [
  'Andersson',
  'Hansen',
  'Nielsen',
  'Virtanen',
  'Jónsson',
  'Müller',
  'Dubois',
  'Smith',
  'Rossi',
  'García',
  'de Vries',
  'Peeters',
  'Keller',
  'Gruber',
  'Johnson',
  'Tremblay',
];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** What the latency benchmark needs to know about the generated data. */
export interface EventsBenchData {
  benchMemberId: string;
  /** A category and an event type that many upcoming events carry, and a word many match. */
  query: { search: string; categoryId: string; eventTypeId: string };
  counts: { events: number; registrations: number; members: number; connections: number; locations: number; organizers: number };
  ms: number;
}

function fill(text: string, topic: string): string {
  return text.replace('{topic}', topic);
}

/** Generates the data set into an empty, migrated database. */
export async function createEventsBenchData(db: Kysely<Database>, now: Date): Promise<EventsBenchData> {
  const started = performance.now();
  const root = createRandom('mingle-events-bench-v1');
  const nowMs = now.getTime();
  const created = new Date(nowMs - 400 * DAY);

  const idRng = root.fork('ids');
  const categories = CATEGORIES.map((label) => ({ id: seededUuid(idRng), label }));
  const eventTypes = EVENT_TYPES.map((label) => ({ id: seededUuid(idRng), label }));
  const locations: Row<'locations'>[] = COUNTRIES.flatMap(([country, cities]) =>
    cities.map((name) => ({ id: seededUuid(idRng), name, country, region: null, is_custom: false, created_at: created, updated_at: created })),
  );
  const orgRng = root.fork('organizers');
  const organizers: Row<'organizers'>[] = Array.from({ length: BENCH_SIZES.organizers }, (_, i) => ({
    id: seededUuid(idRng),
    name: `${orgRng.pick(ADJECTIVES)} ${orgRng.pick(TOPICS)} ${orgRng.pick(['Network', 'Collective', 'Guild', 'Society', 'Forum', 'Labs'])} ${i + 1}`,
    description: 'An organizer of the benchmark data set.',
    external_url: `https://organizer-${i + 1}.example`,
    image_url: null,
    created_at: created,
  }));

  const userRng = root.fork('users');
  const users: Row<'users'>[] = Array.from({ length: BENCH_SIZES.members }, (_, i) => ({
    id: seededUuid(idRng),
    email: `bench-member-${i}@example.com`,
    first_name: userRng.pick(FIRST_NAMES),
    last_name: userRng.pick(LAST_NAMES),
    role: 'Engineer',
    story: 'A member of the benchmark data set.',
    created_at: created,
    updated_at: created,
  }));
  const benchMemberId = users[0]!.id as string;
  const userIds = users.map((u) => u.id as string);

  const eventRng = root.fork('events');
  const events: Row<'events'>[] = [];
  const eventCategories: Row<'event_categories'>[] = [];
  const eventEventTypes: Row<'event_event_types'>[] = [];
  for (let i = 0; i < BENCH_SIZES.events; i++) {
    const rng = eventRng.fork(String(i));
    const id = seededUuid(idRng);
    const past = rng.chance(0.2);
    const community = rng.chance(0.03);
    const proOnly = !community && rng.chance(0.1);
    const start = past ? nowMs - rng.int(1, 365) * DAY : nowMs + rng.int(0, 365) * DAY + rng.int(-6, 12) * HOUR;
    const hours = rng.pick([2, 3, 4, 8, 8, 32, 56]);
    const topic = rng.pick(TOPICS);
    const kind = rng.chance(0.02) ? 'Festival' : rng.pick(KINDS);
    const location = rng.chance(0.9) ? rng.pick(locations) : null;
    const sentences = rng.sample(SENTENCES, 3).map((s) => `<p>${fill(s, topic)}</p>`);
    events.push({
      id,
      name: `${rng.pick(ADJECTIVES)} ${topic} ${kind} ${i + 1}`,
      description: `${sentences.join('')}<p>Read more on the <a href="https://events.example/${i}" target="_blank" rel="noopener">event page</a>.</p>`,
      agenda: rng.chance(0.3) ? '<ul><li>09:00 Welcome</li><li>10:00 Talks</li><li>16:00 Drinks</li></ul>' : null,
      image_url: `/media/events/event-${String(rng.int(1, 24)).padStart(2, '0')}.svg`,
      date_time: new Date(start),
      end_date_time: rng.chance(0.85) ? new Date(start + hours * HOUR) : null,
      event_url: `https://events.example/${i}`,
      location: location ? `${location.name} Congress Centre` : 'Online',
      location_id: location ? (location.id as string) : null,
      organizer_id: community || rng.chance(0.1) ? null : (rng.pick(organizers).id as string),
      source_type: community ? 'USER_ADDED' : proOnly ? 'PRO' : rng.pick(['PARTNER', 'SCRAPED'] as const),
      is_pro_only: proOnly,
      ai_generated_blurb: proOnly ? `A ${topic} event for people who want to go deeper.` : null,
      join_secret: randomSecret(rng),
      created_by_user_id: community ? rng.pick(userIds) : null,
      created_at: created,
      updated_at: created,
    });
    for (const c of rng.sample(categories, rng.int(1, 3))) eventCategories.push({ event_id: id, category_id: c.id });
    for (const t of rng.sample(eventTypes, rng.int(1, 2))) eventEventTypes.push({ event_id: id, event_type_id: t.id });
  }
  const eventIds = events.map((e) => e.id as string);

  // Registrations: the bench member at a few dozen events, everybody else at random.
  const regRng = root.fork('registrations');
  const registered = new Set<string>();
  const attendees: Row<'event_attendees'>[] = [];
  const register = (userId: string, eventId: string) => {
    const key = `${eventId}|${userId}`;
    if (registered.has(key)) return;
    registered.add(key);
    attendees.push({ event_id: eventId, user_id: userId, goal: regRng.chance(0.5) ? 'Meet people working on the same problems.' : null, joined_at: created });
  };
  for (const eventId of regRng.sample(eventIds, BENCH_SIZES.benchMemberRegistrations)) register(benchMemberId, eventId);
  while (attendees.length < BENCH_SIZES.registrations) register(regRng.pick(userIds), regRng.pick(eventIds));

  const socialRng = root.fork('connections');
  const paired = new Set<string>();
  const connections: Row<'connections'>[] = [];
  const pair = (one: string, other: string) => {
    if (one === other) return;
    const [a, b] = one < other ? [one, other] : [other, one];
    if (paired.has(`${a}|${b}`)) return;
    paired.add(`${a}|${b}`);
    connections.push({ id: seededUuid(idRng), user_a_id: a, user_b_id: b, event_id: null, created_at: created });
  };
  while (connections.length < BENCH_SIZES.benchMemberConnections) pair(benchMemberId, socialRng.pick(userIds));
  while (connections.length < BENCH_SIZES.benchMemberConnections + BENCH_SIZES.connections) pair(socialRng.pick(userIds), socialRng.pick(userIds));

  await db.transaction().execute(async (trx) => {
    await insertAll(trx, 'categories', categories);
    await insertAll(trx, 'event_types', eventTypes);
    await insertAll(trx, 'locations', locations);
    await insertAll(trx, 'organizers', organizers);
    await insertAll(trx, 'users', users);
    await insertAll(trx, 'events', events);
    await insertAll(trx, 'event_categories', eventCategories);
    await insertAll(trx, 'event_event_types', eventEventTypes);
    await insertAll(trx, 'event_attendees', attendees);
    await insertAll(trx, 'connections', connections);
  });

  const dataCategory = categories.find((c) => c.label === 'Data & Analytics')!;
  const meetup = eventTypes.find((t) => t.label === 'Meetup')!;
  return {
    benchMemberId,
    query: { search: 'data', categoryId: dataCategory.id, eventTypeId: meetup.id },
    counts: {
      events: events.length,
      registrations: attendees.length,
      members: users.length,
      connections: connections.length,
      locations: locations.length,
      organizers: organizers.length,
    },
    ms: performance.now() - started,
  };
}
