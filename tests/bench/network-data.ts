/**
 * The network benchmark's data set: one member with 2,000 connections (each a member with a role,
 * a photo, a location, contact details; a third of them met at one of 60 events) and 20,000 feed
 * entries (a quarter 'connection', the rest 'connection-attending-event' over the last 90 days,
 * about events from 60 days ago to 60 days ahead, so that docs/product.md's 7-day rule has work to do),
 * plus 200 private notes. Deterministic names (seeded generator), dates relative to `now`, written
 * with a few large inserts into an empty, migrated database.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { createRandom, randomSecret } from '../../server/db/seed/random';
import { insertAll } from '../../server/test/helpers/insert-all';

export const NETWORK_BENCH_SIZES = { connections: 2_000, feedEntries: 20_000, events: 60, notes: 200 } as const;

const DAY = 24 * 60 * 60_000;
const FIRST = [
  'Ada',
  'Björn',
  'Chloé',
  'Dmitri',
  'Elin',
  'François',
  'Grace',
  'Hiroshi',
  'Inês',
  'Jonas',
  'Kateřina',
  'Lars',
  'Maja',
  'Nils',
  'Özlem',
  'Pål',
  'Quentin',
  'Rosa',
  'Søren',
  'Tove',
];
const LAST = [
  'Andersson',
  'Berg',
  "O'Brien",
  'Dahl',
  'Ek',
  'Fors',
  'García-López',
  'Holm',
  'Ito',
  'Järvinen',
  'Karlsson',
  'Lind',
  'Müller',
  'Nyström',
  'Østergaard',
];
const ROLES = ['Product Manager', 'CTO, Fintech', 'Designer', 'Engineer', 'Founder & CEO', 'Investor', '"Growth" lead', 'Data scientist'];

type Row<T extends keyof Database> = Insertable<Database[T]>;

export interface NetworkBenchData {
  benchMemberId: string;
  ms: number;
}

export async function createNetworkBenchData(db: Kysely<Database>, now: Date): Promise<NetworkBenchData> {
  const started = performance.now();
  const rng = createRandom('mingle-network-bench-v1');
  const created = new Date(now.getTime() - 400 * DAY);
  const benchMemberId = randomUUID();
  const users: Row<'users'>[] = [
    { id: benchMemberId, email: 'network-bench@example.com', first_name: 'Bench', last_name: 'Member', created_at: created, updated_at: created },
  ];
  for (let i = 0; i < NETWORK_BENCH_SIZES.connections; i++) {
    users.push({
      id: randomUUID(),
      email: `network-bench-${i}@example.com`,
      first_name: rng.pick(FIRST),
      last_name: rng.pick(LAST),
      role: rng.pick(ROLES),
      story: 'Met at a benchmark; talks about fintech, AI and the Lisbon office.',
      image_url: `/media/p/${randomSecret(rng).slice(0, 16)}-512.webp`,
      location: rng.pick(['Stockholm, Sweden', 'Oslo, Norway', 'Lisbon, Portugal', null]),
      linkedin_url: rng.chance(0.7) ? `https://www.linkedin.com/in/bench-${i}` : null,
      phone: rng.chance(0.5) ? `+4670${String(1_000_000 + i)}` : null,
      created_at: created,
      updated_at: created,
    });
  }
  await insertAll(db, 'users', users);

  const events: Row<'events'>[] = Array.from({ length: NETWORK_BENCH_SIZES.events }, (_, i) => ({
    id: randomUUID(),
    name: `Network bench event ${i}`,
    description: '<p>An event of the network benchmark.</p>',
    date_time: new Date(now.getTime() + (i - NETWORK_BENCH_SIZES.events / 2) * 2 * DAY),
    end_date_time: null,
    location: 'Main Hall',
    source_type: 'PARTNER',
    join_secret: randomSecret(rng),
    created_at: created,
    updated_at: created,
  }));
  await insertAll(db, 'events', events);
  const eventIds = events.map((e) => e.id as string);

  const others = users.slice(1).map((u) => u.id as string);
  await insertAll(
    db,
    'connections',
    others.map((other, i) => {
      const [a, b] = benchMemberId < other ? [benchMemberId, other] : [other, benchMemberId];
      return { user_a_id: a, user_b_id: b, event_id: i % 3 === 0 ? rng.pick(eventIds) : null, created_at: new Date(now.getTime() - i * 60 * 60_000) };
    }),
  );

  const feed: Row<'feed_activities'>[] = Array.from({ length: NETWORK_BENCH_SIZES.feedEntries }, (_, i) => {
    const attending = rng.chance(0.75);
    return {
      owner_user_id: benchMemberId,
      subject_user_id: rng.pick(others),
      type: attending ? 'connection-attending-event' : 'connection',
      event_id: attending ? rng.pick(eventIds) : null,
      created_at: new Date(now.getTime() - Math.floor((i / NETWORK_BENCH_SIZES.feedEntries) * 90 * DAY)),
    };
  });
  await insertAll(db, 'feed_activities', feed);

  await insertAll(
    db,
    'connection_notes',
    others
      .slice(0, NETWORK_BENCH_SIZES.notes)
      .map((about) => ({ user_id: benchMemberId, about_user_id: about, note: 'Talked about the Lisbon office; send the deck.' })),
  );
  return { benchMemberId, ms: performance.now() - started };
}
