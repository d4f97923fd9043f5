/**
 * The recommendation benchmark's data set: members and events with hidden interests,
 * registrations that follow them with noise, and connections that mostly share one. Deterministic
 * (a seeded generator, dates relative to `now`).
 *
 * - 12 topics, each with 10 words of its own and a category; 8 cities.
 * - Events: one main topic (a quarter of them a second one); the name and the HTML description
 *   use the topics' words among filler words that every event shares, plus one word of another
 *   topic (noise); categories: the topics', sometimes a random one; a random city; dates from 240
 *   days ago to 60 days ahead; a popularity drawn from a long-tailed distribution.
 * - Members: one or two interests; a title and a story written from their words with a word of
 *   another topic (a fifth of them only a title); a home city.
 * - Registrations (6-16 each): an event drawn with weight (1 + 4 x interest match) x (2 in the
 *   home city) x popularity; 15 % of the draws uniformly at random.
 * - Connections: 4 per member, 70 % with someone sharing an interest.
 *
 * Held out: for up to EVAL_MEMBERS members with at least two past registrations and one upcoming,
 * the upcoming registrations are not inserted; they are what a recommender should find.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { createRandom } from '../../server/db/seed/random';
import { insertAll } from '../../server/test/helpers/insert-all';
import { seededUuid } from './seeded-uuid';

export const QUALITY_SIZES = { events: 2_000, members: 1_500, evalMembers: 1_000, connectionsPerMember: 4 } as const;

const DAY = 24 * 60 * 60 * 1000;

const TOPICS: Array<{ category: string; words: string[] }> = [
  { category: 'Fintech', words: ['payments', 'banking', 'lending', 'ledger', 'fraud', 'crypto', 'remittance', 'insurance', 'compliance', 'wallets'] },
  { category: 'Climate', words: ['carbon', 'renewable', 'solar', 'emissions', 'recycling', 'circular', 'biodiversity', 'hydrogen', 'forestry', 'wind'] },
  { category: 'AI', words: ['neural', 'transformers', 'inference', 'vision', 'embeddings', 'agents', 'reinforcement', 'datasets', 'llms', 'finetuning'] },
  { category: 'Health', words: ['clinical', 'patients', 'hospitals', 'medtech', 'genomics', 'diagnostics', 'wellness', 'pharma', 'nursing', 'telemedicine'] },
  {
    category: 'Design',
    words: ['typography', 'interfaces', 'prototyping', 'usability', 'illustration', 'figma', 'motion', 'wireframes', 'branding', 'colour'],
  },
  {
    category: 'Marketing',
    words: ['advertising', 'seo', 'campaigns', 'influencers', 'funnels', 'copywriting', 'newsletters', 'retention', 'conversion', 'podcasts'],
  },
  {
    category: 'Security',
    words: ['encryption', 'malware', 'phishing', 'firewalls', 'pentesting', 'ransomware', 'forensics', 'cryptography', 'authentication', 'vulnerabilities'],
  },
  { category: 'Gaming', words: ['esports', 'consoles', 'multiplayer', 'unity', 'quests', 'arcade', 'speedrunning', 'shaders', 'rpg', 'twitch'] },
  { category: 'Food', words: ['restaurants', 'chefs', 'recipes', 'fermentation', 'coffee', 'nutrition', 'vegan', 'bakery', 'wine', 'foodtech'] },
  { category: 'Mobility', words: ['electric', 'vehicles', 'charging', 'batteries', 'bikes', 'scooters', 'transit', 'logistics', 'autonomous', 'fleets'] },
  { category: 'Music', words: ['concerts', 'producers', 'vinyl', 'songwriting', 'audio', 'guitars', 'jazz', 'orchestras', 'synths', 'mixing'] },
  { category: 'Education', words: ['teachers', 'classrooms', 'curriculum', 'edtech', 'tutoring', 'students', 'universities', 'literacy', 'pedagogy', 'mooc'] },
];
const CITIES = ['Stockholm', 'Gothenburg', 'Oslo', 'Copenhagen', 'Helsinki', 'Berlin', 'Amsterdam', 'London'];
const KINDS = ['Summit', 'Meetup', 'Forum', 'Conference', 'Workshop', 'Breakfast', 'Night', 'Days'];
const ADJECTIVES = ['Nordic', 'Global', 'Open', 'Applied', 'Modern', 'Practical', 'Annual', 'Urban'];
const TITLES = ['Engineer', 'Manager', 'Consultant', 'Founder', 'Researcher', 'Designer', 'Analyst', 'Lead'];
const FILLER = [
  'Join practitioners for talks and hands-on sessions about {a} and {b}.',
  'Expect candid panels on {a}, short demos of {b} and plenty of time to meet people.',
  'Speakers share what worked with {a}, what failed and what they learned about {b}.',
  'A day for the community: {a}, {b} and good coffee.',
];

export interface EvalMember {
  id: string;
  /** The member's upcoming registrations that were not inserted. */
  heldOut: Set<string>;
  /** The ten upcoming events the generator itself was likeliest to register them for: the ceiling. */
  oracle: string[];
}

export interface QualityData {
  evalMembers: EvalMember[];
  /** Ids of the events that have not passed at `now`. */
  upcoming: string[];
  counts: { events: number; members: number; registrations: number; heldOut: number; connections: number };
  ms: number;
}

type Row<T extends keyof Database> = Insertable<Database[T]>;

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

interface GenEvent {
  id: string;
  main: number;
  second: number | null;
  city: number;
  popularity: number;
  start: Date;
}

export async function createQualityData(db: Kysely<Database>, now: Date): Promise<QualityData> {
  const started = performance.now();
  const root = createRandom('mingle-recommendation-quality-v1');
  const idRng = root.fork('ids');
  const created = new Date(now.getTime() - 400 * DAY);

  const categories = TOPICS.map((topic) => ({ id: seededUuid(idRng), label: topic.category }));
  const locations: Row<'locations'>[] = CITIES.map((name) => ({
    id: seededUuid(idRng),
    name,
    country: 'SE',
    region: null,
    is_custom: false,
    created_at: created,
    updated_at: created,
  }));

  const eventRng = root.fork('events');
  const generated: GenEvent[] = [];
  const events: Row<'events'>[] = [];
  const eventCategories: Row<'event_categories'>[] = [];
  for (let i = 0; i < QUALITY_SIZES.events; i++) {
    const main = eventRng.int(0, TOPICS.length - 1);
    const second = eventRng.chance(0.25) ? (main + eventRng.int(1, TOPICS.length - 1)) % TOPICS.length : null;
    const noise = TOPICS[eventRng.int(0, TOPICS.length - 1)]!.words;
    const words = eventRng.sample(TOPICS[main]!.words, 4);
    const extra = second === null ? [] : eventRng.sample(TOPICS[second]!.words, 2);
    const sentences = [
      eventRng.pick(FILLER).replace('{a}', words[0]!).replace('{b}', words[1]!),
      eventRng
        .pick(FILLER)
        .replace('{a}', words[2]!)
        .replace('{b}', extra[0] ?? words[3]!),
      eventRng
        .pick(FILLER)
        .replace('{a}', extra[1] ?? eventRng.pick(noise))
        .replace('{b}', eventRng.pick(noise)),
    ];
    const event: GenEvent = {
      id: seededUuid(idRng),
      main,
      second,
      city: eventRng.int(0, CITIES.length - 1),
      // Long-tailed: most events draw few people, a few draw many.
      popularity: Math.min(20, 1 / (eventRng.next() + 0.05)),
      start: new Date(now.getTime() + eventRng.int(-240, 60) * DAY + eventRng.int(0, 23) * 60 * 60 * 1000),
    };
    generated.push(event);
    events.push({
      id: event.id,
      name: `${eventRng.pick(ADJECTIVES)} ${capital(eventRng.pick(TOPICS[main]!.words))} ${eventRng.pick(KINDS)}`,
      description: `<p>${sentences.join(' ')}</p>`,
      date_time: event.start,
      location_id: locations[event.city]!.id as string,
      source_type: 'PARTNER',
      is_pro_only: false,
      join_secret: `quality-${i}`,
      created_at: created,
      updated_at: created,
    });
    const cats = new Set([main, ...(second === null ? [] : [second]), ...(eventRng.chance(0.15) ? [eventRng.int(0, TOPICS.length - 1)] : [])]);
    for (const c of cats) eventCategories.push({ event_id: event.id, category_id: categories[c]!.id });
  }

  const memberRng = root.fork('members');
  const users: Row<'users'>[] = [];
  const interests: Array<Map<number, number>> = [];
  const homes: number[] = [];
  for (let i = 0; i < QUALITY_SIZES.members; i++) {
    const first = memberRng.int(0, TOPICS.length - 1);
    const mine = new Map([[first, 1]]);
    if (memberRng.chance(0.4)) mine.set((first + memberRng.int(1, TOPICS.length - 1)) % TOPICS.length, 0.6);
    const [primary, secondary] = [...mine.keys()];
    const words = memberRng.sample(TOPICS[primary!]!.words, 3);
    const other = memberRng.pick(TOPICS[memberRng.int(0, TOPICS.length - 1)]!.words);
    const story = memberRng.chance(0.2)
      ? null
      : `I work on ${words[0]} and ${words[1]}. ${secondary === undefined ? '' : `Lately ${memberRng.pick(TOPICS[secondary]!.words)} has caught my interest. `}Also curious about ${other}.`;
    homes.push(memberRng.int(0, CITIES.length - 1));
    interests.push(mine);
    users.push({
      id: seededUuid(idRng),
      email: `quality-${i}@example.com`,
      first_name: 'Member',
      last_name: String(i),
      role: `${capital(words[2]!)} ${memberRng.pick(TITLES)}`,
      story,
      location_id: locations[homes[i]!]!.id as string,
      created_at: created,
      updated_at: created,
    });
  }

  const regRng = root.fork('registrations');
  const registrations: Row<'event_attendees'>[] = [];
  const evalMembers: EvalMember[] = [];
  let heldOut = 0;
  for (let i = 0; i < users.length; i++) {
    const mine = interests[i]!;
    const weights = generated.map((event) => {
      const match = (mine.get(event.main) ?? 0) + 0.5 * (event.second === null ? 0 : (mine.get(event.second) ?? 0));
      return (1 + 4 * match) * (event.city === homes[i] ? 2 : 1) * event.popularity;
    });
    const totalWeight = weights.reduce((sum, w) => sum + w, 0);
    const chosen = new Set<number>();
    const count = regRng.int(6, 16);
    while (chosen.size < count) {
      if (regRng.chance(0.15)) {
        chosen.add(regRng.int(0, generated.length - 1));
        continue;
      }
      let at = regRng.next() * totalWeight;
      let k = 0;
      while (k < weights.length - 1 && at >= weights[k]!) at -= weights[k++]!;
      chosen.add(k);
    }
    const past = [...chosen].filter((k) => generated[k]!.start < now);
    const upcoming = [...chosen].filter((k) => generated[k]!.start >= now);
    const evaluated = evalMembers.length < QUALITY_SIZES.evalMembers && past.length >= 2 && upcoming.length >= 1;
    const userId = users[i]!.id as string;
    for (const k of chosen) {
      if (evaluated && generated[k]!.start >= now) continue;
      registrations.push({ event_id: generated[k]!.id, user_id: userId, goal: null, joined_at: created });
    }
    if (evaluated) {
      const open = generated.map((event, k) => ({ event, k })).filter(({ event, k }) => (event.start >= now && !chosen.has(k)) || upcoming.includes(k));
      const oracle = open
        .sort((a, b) => weights[b.k]! - weights[a.k]!)
        .slice(0, 10)
        .map(({ event }) => event.id);
      evalMembers.push({ id: userId, heldOut: new Set(upcoming.map((k) => generated[k]!.id)), oracle });
      heldOut += upcoming.length;
    }
  }

  const connRng = root.fork('connections');
  const pairs = new Set<string>();
  const connections: Row<'connections'>[] = [];
  const byTopic = TOPICS.map((_, topic) => users.map((_, i) => i).filter((i) => interests[i]!.has(topic)));
  for (let i = 0; i < users.length; i++) {
    for (let c = 0; c < QUALITY_SIZES.connectionsPerMember; c++) {
      const other = connRng.chance(0.7) ? connRng.pick(byTopic[connRng.pick([...interests[i]!.keys()])]!) : connRng.int(0, users.length - 1);
      const [a, b] = [users[i]!.id as string, users[other]!.id as string].sort();
      if (a === b || pairs.has(`${a}${b}`)) continue;
      pairs.add(`${a}${b}`);
      connections.push({ user_a_id: a!, user_b_id: b!, event_id: null, created_at: created });
    }
  }

  await insertAll(db, 'categories', categories);
  await insertAll(db, 'locations', locations);
  await insertAll(db, 'users', users);
  await insertAll(db, 'events', events);
  await insertAll(db, 'event_categories', eventCategories);
  await insertAll(db, 'event_attendees', registrations);
  await insertAll(db, 'connections', connections);
  return {
    evalMembers,
    upcoming: generated.filter((event) => event.start.getTime() + 6 * 60 * 60 * 1000 >= now.getTime()).map((event) => event.id),
    counts: { events: events.length, members: users.length, registrations: registrations.length, heldOut, connections: connections.length },
    ms: performance.now() - started,
  };
}
