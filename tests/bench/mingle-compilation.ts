/**
 * Benchmark: the mingle compilation of a promoted event with 2,000 attendees, 30,000
 * swipes and 1,500 connections made there: the two statements GET events/{id}/mingle-compilation
 * runs (who may read it, then every figure), in process without HTTP, on PGlite and, with
 * BENCH_DATABASE_URL, on PostgreSQL. Target: well under 100 ms.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { OpenDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { compilationAccess, mingleCompilation } from '../../server/services/events/mingle-compilation';
import { onBothDatabases } from './on-both-databases';
import { heading, machineLoad, ms, runWhenStarted, stats, table, verdict, type Stats, type SummaryRow } from './report';

const ATTENDEES = 2_000;
const SWIPES_EACH = 15;
const CONNECTIONS = 1_500;
const RUNS = 30;
const WARM_UP = 3;
const BUDGET_MS = 100;
const BATCH = 2_000;

const GOALS = [
  'Meet investors who back climate tech at seed stage.',
  'Find two senior engineers for our fintech platform.',
  'Talk to founders about developer tools and open source.',
  'Learn how other teams run product discovery with busy customers.',
  'Hiring a head of design for a health-tech startup.',
  'Looking for pilot customers in logistics and retail.',
  'Compare notes on offline-first mobile apps and sync.',
  'Meet angel investors and other first-time founders.',
  'Find a co-founder with a sales background.',
  null,
];

/** A deterministic stand-in for Math.random, so every run inserts the same data. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertInBatches<T extends keyof Database>(db: Kysely<Database>, table_: T, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table_)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

export async function makeEvent(db: Kysely<Database>): Promise<string> {
  const random = seeded(15);
  const start = new Date(Date.UTC(2030, 4, 12, 8));
  const event = await db
    .insertInto('events')
    .values({
      name: 'Bench Festival',
      date_time: start,
      end_date_time: new Date(start.getTime() + 3 * 86_400_000),
      source_type: 'PARTNER',
      join_secret: randomUUID(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('promotions')
    .values({
      slug: `bench-week-${randomUUID().slice(0, 8)}`,
      event_id: event.id,
      title: 'Bench week',
      description: 'A crowded week.',
      starts_at: start,
      ends_at: new Date(start.getTime() + 7 * 86_400_000),
    })
    .execute();
  const now = new Date();
  const ids = Array.from({ length: ATTENDEES }, () => randomUUID());
  await insertInBatches(
    db,
    'users',
    ids.map((id, i) => ({
      id,
      email: `bench-mingle-${i}-${id.slice(0, 6)}@example.com`,
      first_name: 'Bench',
      last_name: `Member ${i}`,
      role: 'Engineer',
      story: 'I build things.',
      created_at: now,
      updated_at: now,
    })),
  );
  await insertInBatches(
    db,
    'event_attendees',
    ids.map((user_id, i) => ({ event_id: event.id, user_id, goal: GOALS[i % GOALS.length] ?? null, joined_at: now })),
  );
  const swipes: object[] = [];
  for (const [i, from] of ids.entries()) {
    for (let n = 1; n <= SWIPES_EACH; n++) {
      const to = ids[(i + n * 7) % ATTENDEES]!;
      const at = new Date(start.getTime() + Math.floor(random() * 3 * 86_400_000));
      swipes.push({ from_user_id: from, to_user_id: to, event_id: event.id, type: random() < 0.6 ? 'POSITIVE' : 'NEGATIVE', created_at: at });
    }
  }
  await insertInBatches(db, 'interactions', swipes);
  const pairs = Array.from({ length: CONNECTIONS }, (_, i) => {
    const [a, b] = [ids[i]!, ids[i + 1]!].sort();
    return { user_a_id: a, user_b_id: b, event_id: event.id, created_at: now };
  });
  await insertInBatches(db, 'connections', pairs);
  // As a running database has them (PGlite analyzes when it opens, PostgreSQL's autovacuum after bulk changes).
  await sql`analyze`.execute(db);
  return event.id;
}

async function measure(database: OpenDatabase): Promise<{ stats: Stats; loadMs: number; themes: number; hours: number }> {
  const { db } = database;
  const loadStarted = performance.now();
  const eventId = await makeEvent(db);
  const loadMs = performance.now() - loadStarted;
  const reader = await db.selectFrom('event_attendees').select('user_id').where('event_id', '=', eventId).executeTakeFirstOrThrow();
  const viewer = { userId: reader.user_id, hasProAccess: false };
  const once = async () => {
    const access = await compilationAccess(db, viewer, eventId);
    if (access.kind !== 'allowed') throw new Error(`bench: ${access.kind}`);
    return mingleCompilation(db, access.event, new Date());
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  const samples: number[] = [];
  let last = await once();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    last = await once();
    samples.push(performance.now() - started);
  }
  return { stats: stats(samples), loadMs, themes: last.themes.length, hours: last.busiestHours.length };
}

function print(backend: string, result: Awaited<ReturnType<typeof measure>>): SummaryRow[] {
  const s = result.stats;
  console.log(
    `\n${backend}: ${ATTENDEES} attendees, ${ATTENDEES * SWIPES_EACH} swipes, ${CONNECTIONS} connections; inserted in ${(result.loadMs / 1000).toFixed(1)} s`,
  );
  console.log(`${RUNS} timed runs after ${WARM_UP} warm-up, one at a time; milliseconds; ${machineLoad()}`);
  console.log(
    table(
      ['request', 'themes', 'hours', 'mean', 'p50', 'p95', 'max', 'budget'],
      [['mingle compilation', String(result.themes), String(result.hours), ms(s.mean), ms(s.p50), ms(s.p95), ms(s.max), `${BUDGET_MS}`]],
    ),
  );
  return [
    {
      label: `mingle compilation of 2,000 attendees, ${backend}`,
      figure: `p95 ${ms(s.p95)} ms (p50 ${ms(s.p50)})`,
      budget: `< ${BUDGET_MS} ms`,
      verdict: verdict(s.p95 < BUDGET_MS),
    },
  ];
}

export async function runMingleCompilation(): Promise<SummaryRow[]> {
  console.log(heading('Mingle compilation of a promoted event with 2,000 attendees (in process, no HTTP)'));
  return onBothDatabases('mingle compilation', 'bench_mingle', async (backend, database) => print(backend, await measure(database)));
}

runWhenStarted(import.meta.url, runMingleCompilation);
