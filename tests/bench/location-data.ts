/**
 * The location search benchmark's data set: 10,000 locations over the 16 suggested countries (625
 * each, 8 % custom), each with one of 12 regions of its country, plus 3,000 events at random
 * locations (a quarter past, 3 % community events) and 3,000 members, 60 % of whom chose a
 * location, so that eventCount and popular have real work to do. Deterministic (seeded generator,
 * dates relative to `now`), written with a few large inserts into an empty, migrated database.
 */
import type { Insertable, Kysely } from 'kysely';
import { SUGGESTED_COUNTRIES } from '../../contract/countries';
import type { Database } from '../../server/db/schema';
import { createRandom, randomSecret, type Random } from '../../server/db/seed/random';
import { insertAll } from '../../server/test/helpers/insert-all';
import { seededUuid } from './seeded-uuid';

export const LOCATION_BENCH_SIZES = { locations: 10_000, events: 3_000, members: 3_000 } as const;

const PREFIXES = [
  'Ny',
  'Öster',
  'Väster',
  'Berg',
  'Lund',
  'Holm',
  'Vik',
  'Sand',
  'Strand',
  'Fjord',
  'Brook',
  'Mont',
  'Port',
  'Lake',
  'Green',
  'Oak',
  'Ash',
  'Stone',
  'Mill',
  'Kirk',
  'Bad',
  'Sankt',
  'Castel',
  'Villa',
  'Nord',
];
const SUFFIXES = [
  'by',
  'berg',
  'holm',
  'vik',
  'stad',
  'dal',
  'field',
  'ton',
  'ville',
  'heim',
  'hagen',
  'burg',
  'dorf',
  'wick',
  'haven',
  'mouth',
  'bridge',
  'ford',
  'lund',
  'sund',
];
const QUALIFIERS = ['', 'Upper ', 'Lower ', 'Old ', 'New ', 'Little ', 'Great ', 'East ', 'West ', 'North ', 'South '];
const REGION_STEMS = [
  'Kron',
  'Halland',
  'Dala',
  'Vest',
  'Rhine',
  'Loire',
  'Alpen',
  'Tirol',
  'Lomb',
  'Castil',
  'Flander',
  'Brabant',
  'Jura',
  'Ontar',
  'Texa',
  'Jutland',
  'Lapp',
  'Sava',
  'Trøndel',
  'Nordland',
];
const REGION_KINDS = ['County', 'Province', 'Region', 'District'];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Row<T extends keyof Database> = Insertable<Database[T]>;

export interface LocationBenchData {
  benchMemberId: string;
  counts: { locations: number; custom: number; events: number; members: number; membersWithLocation: number };
  ms: number;
}

/** Every name a country can hold, in a shuffled order of its own. */
function namesFor(rng: Random): string[] {
  const all = QUALIFIERS.flatMap((q) => PREFIXES.flatMap((p) => SUFFIXES.map((s) => `${q}${p}${s}`)));
  return rng.shuffle(all);
}

export async function createLocationBenchData(db: Kysely<Database>, now: Date): Promise<LocationBenchData> {
  const started = performance.now();
  const root = createRandom('mingle-location-bench-v1');
  const idRng = root.fork('ids');
  const created = new Date(now.getTime() - 200 * DAY);
  const perCountry = LOCATION_BENCH_SIZES.locations / SUGGESTED_COUNTRIES.length;

  const locations: Row<'locations'>[] = [];
  for (const country of SUGGESTED_COUNTRIES) {
    const rng = root.fork(`locations-${country}`);
    const regions = rng.sample(REGION_STEMS, 12).map((stem) => `${stem}${rng.pick(['a', 'ia', 'en', 'land', ''])} ${rng.pick(REGION_KINDS)}`);
    for (const name of namesFor(rng).slice(0, perCountry)) {
      locations.push({
        id: seededUuid(idRng),
        name,
        country,
        region: rng.pick(regions),
        is_custom: rng.chance(0.08),
        created_at: created,
        updated_at: created,
      });
    }
  }
  const locationIds = locations.map((l) => l.id as string);

  const userRng = root.fork('users');
  const users: Row<'users'>[] = Array.from({ length: LOCATION_BENCH_SIZES.members }, (_, i) => ({
    id: seededUuid(idRng),
    email: `location-bench-${i}@example.com`,
    first_name: 'Bench',
    last_name: `Member ${i}`,
    role: 'Engineer',
    story: 'A member of the location benchmark.',
    location_id: userRng.chance(0.6) ? userRng.pick(locationIds) : null,
    created_at: created,
    updated_at: created,
  }));
  const userIds = users.map((u) => u.id as string);

  const eventRng = root.fork('events');
  const events: Row<'events'>[] = Array.from({ length: LOCATION_BENCH_SIZES.events }, (_, i) => {
    const community = eventRng.chance(0.03);
    const start = eventRng.chance(0.25) ? now.getTime() - eventRng.int(1, 300) * DAY : now.getTime() + eventRng.int(0, 300) * DAY;
    return {
      id: seededUuid(idRng),
      name: `Location bench event ${i + 1}`,
      date_time: new Date(start),
      location_id: eventRng.pick(locationIds),
      source_type: community ? 'USER_ADDED' : 'PARTNER',
      join_secret: randomSecret(eventRng),
      created_by_user_id: community ? eventRng.pick(userIds) : null,
      created_at: created,
      updated_at: created,
    };
  });

  await insertAll(db, 'locations', locations);
  await insertAll(db, 'users', users);
  await insertAll(db, 'events', events);
  return {
    benchMemberId: userIds[0]!,
    counts: {
      locations: locations.length,
      custom: locations.filter((l) => l.is_custom).length,
      events: events.length,
      members: users.length,
      membersWithLocation: users.filter((u) => u.location_id).length,
    },
    ms: performance.now() - started,
  };
}
