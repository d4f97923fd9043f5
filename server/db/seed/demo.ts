import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { buildDemoData, type DemoData } from './build';
import { DEMO_FLAGSHIP_EVENT_IDS, DEMO_PROMOTION_SLUG } from './constants';

export { DEMO_EMAIL, DEMO_PRO_EMAIL, DEMO_FLAGSHIP_EVENT_IDS, DEMO_PROMOTION_SLUG, SANITIZER_PROBE_EVENT_IDS } from './constants';

/**
 * The demo data set: organizers, categories, event types, locations in the 16 suggested countries,
 * 240 events (past, current and upcoming, some PRO-only), 76 members with complete profiles, their
 * registrations and goals, a few connections, interactions and feed entries, and PRO subscriptions.
 * The rows are built in memory by build.ts (deterministic for a given `now`) and inserted in a
 * single transaction with a few large multi-row inserts.
 */

export interface SeedOptions {
  /** The moment the data is relative to (default: the current time). */
  now?: Date;
  log?: (message: string) => void;
  /** Empty the seeded tables first, in the same transaction (`npm run db:seed -- --force`). */
  replace?: boolean;
}

export type SeedCounts = { [K in keyof DemoData]: number };

/** Postgres allows 65,535 bound parameters per statement; stay well below it. */
const MAX_PARAMETERS = 30_000;

async function insertRows<T extends keyof Database & string>(trx: Transaction<Database>, table: T, rows: readonly Insertable<Database[T]>[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perRow = Math.max(1, Object.keys(first).length);
  const batch = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
  for (let i = 0; i < rows.length; i += batch) {
    // Kysely's generic insert types cannot follow a table name chosen at run time.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + batch) as never)
      .execute();
  }
}

/** Inserts the demo data in an open transaction; the order follows the foreign keys. */
async function insertDemo(trx: Transaction<Database>, data: DemoData): Promise<SeedCounts> {
  await insertRows(trx, 'locations', data.locations);
  await insertRows(trx, 'organizers', data.organizers);
  await insertRows(trx, 'categories', data.categories);
  await insertRows(trx, 'event_types', data.eventTypes);
  await insertRows(trx, 'users', data.users);
  await insertRows(trx, 'consents', data.consents);
  await insertRows(trx, 'subscriptions', data.subscriptions);
  await insertRows(trx, 'events', data.events);
  await insertRows(trx, 'event_categories', data.eventCategories);
  await insertRows(trx, 'event_event_types', data.eventEventTypes);
  await insertRows(trx, 'event_attendees', data.attendees);
  await insertRows(trx, 'interactions', data.interactions);
  await insertRows(trx, 'connections', data.connections);
  await insertRows(trx, 'feed_activities', data.feedActivities);
  await insertDemoPromotion(trx, data);
  return Object.fromEntries(Object.entries(data).map(([key, rows]) => [key, (rows as unknown[]).length])) as SeedCounts;
}

/**
 * The demo's promotional page: the Nordic Startup Festival (a flagship, days 9 to 12) as the
 * fixed event of a week that begins three days before it, so the page works on a fresh start.
 */
async function insertDemoPromotion(trx: Transaction<Database>, data: DemoData): Promise<void> {
  const festival = data.events.find((event) => event.id === DEMO_FLAGSHIP_EVENT_IDS.festival);
  if (!festival?.date_time) return;
  const start = new Date(festival.date_time);
  const end = new Date(festival.end_date_time ?? festival.date_time);
  await trx
    .insertInto('promotions')
    .values({
      slug: DEMO_PROMOTION_SLUG,
      event_id: festival.id as string,
      title: 'Nordic Startup Week',
      description:
        'A week of founders, investors and builders in Oslo, ending with the Nordic Startup Festival. ' +
        'Pre-mingle now: say what you are looking for and meet the right people before you arrive.',
      image_url: null,
      starts_at: new Date(start.getTime() - 3 * 24 * 3600 * 1000),
      ends_at: end,
    })
    .execute();
}

function summary(counts: SeedCounts, ms: number): string {
  return (
    `${counts.events} events, ${counts.users} members, ${counts.attendees} registrations, ` +
    `${counts.organizers} organizers, ${counts.locations} locations, ${counts.connections} connections ` +
    `in ${Math.round(ms)} ms`
  );
}

/**
 * Inserts the demo data (without `replace` it fails on a database that already has it: labels and
 * e-mail addresses are unique). Returns the number of rows per table.
 */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedCounts> {
  const started = performance.now();
  const data = buildDemoData(options.now ?? new Date());
  const counts = await db.transaction().execute(async (trx) => {
    if (options.replace) await wipeSeededTables(trx);
    return insertDemo(trx, data);
  });
  options.log?.(`demo data: ${summary(counts, performance.now() - started)}`);
  return counts;
}

/**
 * Seeds only when there are no users and no events yet; returns whether it seeded. A transaction
 * advisory lock makes concurrent starts against one PostgreSQL server seed once.
 */
export async function seedDemoIfEmpty(db: Kysely<Database>, log?: (msg: string) => void): Promise<boolean> {
  const started = performance.now();
  const counts = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    const anyEvent = await trx.selectFrom('events').select('id').limit(1).executeTakeFirst();
    if (anyUser || anyEvent) return null;
    return insertDemo(trx, buildDemoData(new Date()));
  });
  if (!counts) {
    log?.('database has data already; demo seed skipped');
    return false;
  }
  log?.(`demo data: ${summary(counts, performance.now() - started)}`);
  return true;
}

/** An arbitrary constant naming the seed's advisory lock. */
const SEED_LOCK_KEY = 741_852_963;

/** Tables the demo seed fills, children first. */
export const SEEDED_TABLES = [
  'feed_activities',
  'connections',
  'interactions',
  'event_attendees',
  'event_event_types',
  'event_categories',
  'events',
  'subscriptions',
  'consents',
  'users',
  'event_types',
  'categories',
  'organizers',
  'locations',
] as const satisfies readonly (keyof Database)[];

/**
 * Empties every table the seed fills, and with them everything that hangs off a user (sessions,
 * idempotency records, and whatever later migrations add with a foreign key: CASCADE).
 * For `npm run db:seed -- --force` and tests; never called by the server.
 */
export async function wipeSeededTables(db: Kysely<Database> | Transaction<Database>): Promise<void> {
  await sql`truncate table ${sql.join(SEEDED_TABLES.map((t) => sql.table(t)))} cascade`.execute(db);
}
