/**
 * Benchmark: 1,000 queued swipes drained to the real server on loopback (target: <= 5 s
 * with 0 lost and 0 duplicated).
 *
 * The data set (drain-data.ts: one event, 1,000 attendees with complete profiles, the swiping
 * members registered there with a session each) is written into a fresh database before the real
 * server (server/main.ts) starts on it: the embedded PGlite database in a temporary folder and,
 * with BENCH_DATABASE_URL, a throwaway database on that PostgreSQL server.
 *
 * The client is the app's own code in Node: the outbox (src/offline/outbox.ts) on Dexie over
 * fake-indexeddb, and the sync engine (src/offline/sync-engine.ts) sending through fetchSend's
 * absolute-URL form with the member's cookie. Two runs per database:
 *   (1) a member queues 1,000 swipes (3 right : 2 left; 100 of the right ones complete a mutual
 *       like) and one engine drains them; timed from start() to an empty outbox;
 *   (2) another member does the same, but the app 'crashes' after the server answered the request
 *       that carried the 300th swipe and before that answer was acknowledged (its records stay
 *       'sending'); a new engine on the same IndexedDB database drains the rest and resends those
 *       records with their keys.
 * The engine sends runs of swipes as batches (POST users/interactions/batch, up to 100 each).
 * Then the server is stopped and the database checked with SQL: lost (intended interactions
 * missing or of the other type), duplicated (more than one per target), connections made, and
 * idempotency records against requests sent.
 */
// First: Dexie looks for indexedDB when it is loaded.
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { INTERACTION_BATCH_PATH } from '../../contract/interaction-batch';
import { createOutboxDb } from '../../src/offline/db';
import type { LockFn } from '../../src/offline/lock';
import { createOutbox } from '../../src/offline/outbox';
import { swipeMutation } from '../../src/offline/mutations/swipe';
import { createFetchSend, type OutboxRequest, type SendFn, type SendResponse } from '../../src/offline/send';
import { createSyncEngine, type SyncEngine, type SyncResult } from '../../src/offline/sync-engine';
import { openDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { openThrowawayPostgres } from '../../server/test/helpers/throwaway-postgres';
import { createDrainBenchData, type DrainBenchData, type Swiper } from './drain-data';
import { benchEnv } from './env';
import { Cleanup, removeOnExit, startAppServer, type AppServer } from './processes';
import { heading, machineLoad, ms, stats, verdict, type Stats, type SummaryRow, runWhenStarted } from './report';

const BUDGET_MS = 5_000;
const BUDGET = '<= 5 s, 0 lost, 0 duplicated';
/** The 'crash' comes after the server answered the request carrying this swipe of the second run. */
const CRASH_AFTER = 300;
/** A drain that has not ended by then is reported as such (the run goes on to the checks). */
const DRAIN_TIMEOUT_MS = 180_000;
const BENCH_PREFIX = 'mingle_bench_outbox';

/**
 * One tab drains here. In a browser Web Locks serialise tabs, and a crashed tab's lock dies with
 * it; Node has no Web Locks, and the IndexedDB lease fallback would keep the 'crashed' engine's
 * lease alive (its renewal timer still runs in this process), so the lock is a pass-through.
 */
export const oneTab: LockFn = async (fn) => {
  await fn();
  return true;
};

export interface Backend {
  label: string;
  /** Runs fn on the database while no server has it open (PGlite allows one process). */
  withDatabase<T>(fn: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  serverEnv: Record<string, string>;
}

interface DrainRun {
  ms: number;
  /** Records the engine(s) acknowledged. */
  sent: number;
  failed: Array<{ status: number; reason: string }>;
  paused: boolean;
  left: number;
  /** HTTP requests sent and their round trips (ms), as the client saw them. */
  roundTrips: number[];
  /** Server-side duration of each write it logged during the drain (whole ms). */
  serverMs: number[];
}

interface CrashRun extends DrainRun {
  /** Acknowledged before the crash. */
  beforeCrash: number;
  /** Records whose answer the crash lost. */
  lostRecords: number;
  /** Each lost answer and the answer to its resend name the same interaction. */
  sameAnswer: boolean;
}

interface ServerCheck {
  interactions: number;
  lost: number;
  wrongType: number;
  duplicated: number;
  connections: number;
  expectedConnections: number;
  idempotencyRecords: number;
  unansweredRecords: number;
}

interface Measured {
  queued: number;
  enqueueMs: number;
  clean: DrainRun;
  crash: CrashRun;
  checks: [ServerCheck, ServerCheck];
  rights: number;
  mutual: number;
  /** The machine's load before the drains: a busy machine slows every request. */
  load: string;
}

/** Resolves when `count` results came in (or the engine paused), else after DRAIN_TIMEOUT_MS. */
function resultCounter() {
  let sent = 0;
  const failed: DrainRun['failed'] = [];
  let paused = false;
  let wake = () => {};
  const onResult = (result: SyncResult) => {
    if (result.type === 'sent') sent++;
    else if (result.type === 'failed') failed.push({ status: result.status, reason: result.reason });
    else paused = true;
    wake();
  };
  const until = (count: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(finish, DRAIN_TIMEOUT_MS);
      function finish() {
        clearTimeout(timer);
        wake = () => {};
        resolve();
      }
      wake = () => {
        if (paused || sent + failed.length >= count) finish();
      };
      wake();
    });
  return {
    onResult,
    until,
    get sent() {
      return sent;
    },
    failed,
    get paused() {
      return paused;
    },
  };
}

/** fetchSend against the server's absolute origin with the member's cookie, timing each request. */
function memberSend(server: AppServer, swiper: Swiper, roundTrips: number[]): SendFn {
  const send = createFetchSend(`${server.origin}/api/`, (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', swiper.cookie);
    return fetch(input, { ...init, headers });
  });
  return async (request) => {
    const started = performance.now();
    const response = await send(request);
    roundTrips.push(performance.now() - started);
    return response;
  };
}

const WRITE_LINE = /\[http\] (?:POST|DELETE|PATCH) \S+ \d{3} (\d+)ms/g;

function serverWriteMs(server: AppServer, since: number): number[] {
  return [...server.output().slice(since).matchAll(WRITE_LINE)].map((m) => Number(m[1]));
}

async function queueSwipes(dbName: string, swiper: Swiper, data: DrainBenchData): Promise<number> {
  const outbox = createOutbox({ userId: swiper.id, db: createOutboxDb(dbName) });
  const started = performance.now();
  for (const target of data.targets) {
    await outbox.enqueue(swipeMutation, { eventId: data.eventId, toUserId: target.id, direction: target.direction });
  }
  const took = performance.now() - started;
  const queued = await outbox.pendingCount();
  if (queued !== data.targets.length) throw new Error(`${queued} records queued, expected ${data.targets.length}`);
  return took;
}

async function leftIn(dbName: string, swiper: Swiper): Promise<number> {
  const outbox = createOutbox({ userId: swiper.id, db: createOutboxDb(dbName) });
  return (await outbox.pendingCount()) + (await outbox.failed()).length;
}

/** Run (1): one engine drains the member's 1,000 records. */
async function cleanDrain(server: AppServer, swiper: Swiper, data: DrainBenchData, dbName: string): Promise<DrainRun> {
  const roundTrips: number[] = [];
  const counter = resultCounter();
  const engine = createSyncEngine({
    userId: swiper.id,
    db: createOutboxDb(dbName),
    send: memberSend(server, swiper, roundTrips),
    lock: oneTab,
    onResult: counter.onResult,
  });
  const since = server.output().length;
  const started = performance.now();
  engine.start();
  await counter.until(data.targets.length);
  const took = performance.now() - started;
  engine.stop();
  return {
    ms: took,
    sent: counter.sent,
    failed: counter.failed,
    paused: counter.paused,
    left: await leftIn(dbName, swiper),
    roundTrips,
    serverMs: serverWriteMs(server, since),
  };
}

/** The interaction id each key of a request was answered with (a batch's items, or the single answer). */
function interactionIds(request: OutboxRequest, response: SendResponse): Map<string, string | undefined> {
  const idOf = (body: unknown) => (body as { interaction?: { id?: string } } | null | undefined)?.interaction?.id;
  const results = (response.body as { results?: { key: string; body: unknown }[] } | null)?.results;
  if (request.path === INTERACTION_BATCH_PATH) return new Map((results ?? []).map((r) => [r.key, idOf(r.body)]));
  return new Map(request.idempotencyKey ? [[request.idempotencyKey, idOf(response.body)]] : []);
}

const itemsIn = (request: OutboxRequest) => (request.path === INTERACTION_BATCH_PATH ? (request.body as { items: unknown[] }).items.length : 1);

/** Run (2): the first engine dies after the server answered request CRASH_AFTER; a new one finishes. */
async function crashDrain(server: AppServer, swiper: Swiper, data: DrainBenchData, dbName: string): Promise<CrashRun> {
  const roundTrips: number[] = [];
  const send = memberSend(server, swiper, roundTrips);
  const since = server.output().length;
  const started = performance.now();

  const first = resultCounter();
  let answered = 0;
  let lost = new Map<string, string | undefined>();
  let crash = () => {};
  const crashed = new Promise<void>((resolve) => (crash = resolve));
  let engine: SyncEngine | undefined = undefined;
  const dying: SendFn = async (request) => {
    const response = await send(request);
    answered += itemsIn(request);
    if (answered < CRASH_AFTER) return response;
    // The server applied it; the app dies before the engine can mark the records sent.
    lost = interactionIds(request, response);
    engine?.stop();
    crash();
    return new Promise<never>(() => {});
  };
  engine = createSyncEngine({ userId: swiper.id, db: createOutboxDb(dbName), send: dying, lock: oneTab, onResult: first.onResult });
  engine.start();
  await Promise.race([crashed, first.until(data.targets.length)]);
  const beforeCrash = first.sent;

  // The app starts again: a new connection to the same IndexedDB database, a new engine.
  const second = resultCounter();
  const resent = new Map<string, string | undefined>();
  const watching: SendFn = async (request) => {
    const response = await send(request);
    for (const [key, id] of interactionIds(request, response)) if (lost.has(key)) resent.set(key, id);
    return response;
  };
  const restarted = createSyncEngine({ userId: swiper.id, db: createOutboxDb(dbName), send: watching, lock: oneTab, onResult: second.onResult });
  restarted.start();
  await second.until(data.targets.length - beforeCrash);
  const took = performance.now() - started;
  restarted.stop();
  return {
    ms: took,
    sent: beforeCrash + second.sent,
    failed: [...first.failed, ...second.failed],
    paused: first.paused || second.paused,
    left: await leftIn(dbName, swiper),
    roundTrips,
    serverMs: serverWriteMs(server, since),
    beforeCrash,
    lostRecords: lost.size,
    sameAnswer: lost.size > 0 && [...lost].every(([key, id]) => id !== undefined && resent.get(key) === id),
  };
}

async function checkServer(db: Kysely<Database>, data: DrainBenchData, swiper: Swiper): Promise<ServerCheck> {
  const rows = await db
    .selectFrom('interactions')
    .select(['to_user_id', 'type'])
    .where('from_user_id', '=', swiper.id)
    .where('event_id', '=', data.eventId)
    .execute();
  const byTarget = new Map<string, string[]>();
  for (const row of rows) byTarget.set(row.to_user_id, [...(byTarget.get(row.to_user_id) ?? []), row.type]);
  let lost = 0;
  let wrongType = 0;
  for (const target of data.targets) {
    const types = byTarget.get(target.id);
    if (!types) lost++;
    else if (!types.includes(target.direction === 'right' ? 'POSITIVE' : 'NEGATIVE')) wrongType++;
  }
  const { connections } = await db
    .selectFrom('connections')
    .select(sql<number>`count(*)::int`.as('connections'))
    .where((eb) => eb.or([eb('user_a_id', '=', swiper.id), eb('user_b_id', '=', swiper.id)]))
    .executeTakeFirstOrThrow();
  const records = await db.selectFrom('idempotency_records').select(['status']).where('user_id', '=', swiper.id).execute();
  return {
    interactions: rows.length,
    lost,
    wrongType,
    duplicated: rows.length - byTarget.size,
    connections,
    expectedConnections: data.targets.filter((t) => t.likedFirst && t.direction === 'right').length,
    idempotencyRecords: records.length,
    unansweredRecords: records.filter((r) => r.status === null).length,
  };
}

async function measure(backend: Backend, cleanup: Cleanup): Promise<Measured> {
  const load = machineLoad();
  const data = await backend.withDatabase((db) => createDrainBenchData(db, new Date(), 2));
  const [member, crashing] = data.swipers as [Swiper, Swiper];
  const server = await startAppServer(
    {
      ...backend.serverEnv,
      SEED_DEMO: 'false',
      // One line per request with its server-side duration, for the profile of a slow drain.
      LOG_LEVEL: 'info',
      DIST_DIR: join(tmpdir(), `mingle-bench-no-dist-${randomBytes(4).toString('hex')}`),
    },
    { apiOnly: true },
  );
  cleanup.add(() => server.stop());

  const run = randomBytes(4).toString('hex');
  const cleanDb = `mingle-bench-outbox-${run}-clean`;
  const crashDb = `mingle-bench-outbox-${run}-crash`;
  const enqueueMs = await queueSwipes(cleanDb, member, data);
  const clean = await cleanDrain(server, member, data, cleanDb);
  await queueSwipes(crashDb, crashing, data);
  const crash = await crashDrain(server, crashing, data, crashDb);
  await server.stop();

  const checks = await backend.withDatabase(
    async (db) => [await checkServer(db, data, member), await checkServer(db, data, crashing)] as [ServerCheck, ServerCheck],
  );
  const rights = data.targets.filter((t) => t.direction === 'right').length;
  return { queued: data.targets.length, enqueueMs, clean, crash, checks, rights, mutual: checks[0].expectedConnections, load };
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

function describeRun(name: string, run: DrainRun, check: ServerCheck, queued: number): string[] {
  const trips: Stats = stats(run.roundTrips.length > 0 ? run.roundTrips : [0]);
  const server: Stats = stats(run.serverMs.length > 0 ? run.serverMs : [0]);
  const inRequests = run.roundTrips.reduce((sum, value) => sum + value, 0);
  const lines = [
    `${name}: ${run.sent} of ${queued} acknowledged in ${seconds(run.ms)}, ${run.left} left in the outbox` +
      (run.failed.length > 0 ? `, ${run.failed.length} FAILED (first: ${run.failed[0]!.status} ${run.failed[0]!.reason})` : '') +
      (run.paused ? ', PAUSED (401)' : ''),
    `  ${run.roundTrips.length} requests; round trip mean ${ms(trips.mean)} ms, p50 ${ms(trips.p50)}, p95 ${ms(trips.p95)}, max ${ms(trips.max)}` +
      `; server-side (its log, whole ms) mean ${ms(server.mean)}, p95 ${ms(server.p95)}`,
    `  time split: ${seconds(inRequests)} waiting for answers, ${seconds(run.ms - inRequests)} in the client ` +
      `(Dexie on fake-indexeddb + engine: ${ms((run.ms - inRequests) / Math.max(1, run.sent))} ms per record)`,
    `  on the server: ${check.interactions} interactions, lost ${check.lost}, other type ${check.wrongType}, duplicated ${check.duplicated}; ` +
      `${check.connections} connections (${check.expectedConnections} expected); ` +
      `${check.idempotencyRecords} idempotency records (${check.unansweredRecords} unanswered) for ${run.roundTrips.length} requests`,
  ];
  return lines;
}

function print(backend: string, result: Measured): SummaryRow[] {
  const { clean, crash, checks } = result;
  console.log(
    `\n${backend}: ${result.queued} swipes (${result.rights} right, ${result.queued - result.rights} left; ` +
      `${result.mutual} of the right ones complete a mutual like); ${result.load}`,
  );
  console.log(`  queued into the outbox one by one in ${seconds(result.enqueueMs)} (${ms(result.enqueueMs / result.queued)} ms per swipe)`);
  for (const line of describeRun('(1) drain', clean, checks[0], result.queued)) console.log(`  ${line}`);
  for (const line of describeRun(`(2) crash after answer ${CRASH_AFTER}, new engine`, crash, checks[1], result.queued)) console.log(`  ${line}`);
  console.log(
    `  the crash left ${result.queued - crash.beforeCrash} records, ${crash.lostRecords} of them 'sending'; their resend ` +
      (crash.sameAnswer ? 'got the stored answers (the same interaction ids)' : 'did NOT get the same interaction ids back'),
  );
  const correct = (check: ServerCheck) => check.lost === 0 && check.wrongType === 0 && check.duplicated === 0;
  const met = clean.ms <= BUDGET_MS && clean.sent === result.queued && correct(checks[0]);
  const crashOk = crash.sent === result.queued && correct(checks[1]) && crash.sameAnswer;
  const figure = (run: DrainRun, check: ServerCheck) => `${seconds(run.ms)}, lost ${check.lost + check.wrongType}, duplicated ${check.duplicated}`;
  console.log(`  budget ${BUDGET}: ${verdict(met)}`);
  return [
    { label: `outbox drain of ${result.queued} swipes, ${backend}`, figure: figure(clean, checks[0]), budget: BUDGET, verdict: verdict(met) },
    {
      label: `outbox drain with a crash after ${CRASH_AFTER}, ${backend}`,
      figure: figure(crash, checks[1]),
      budget: '0 lost, 0 duplicated',
      verdict: verdict(crashOk),
    },
  ];
}

export async function pgliteBackend(cleanup: Cleanup): Promise<Backend> {
  const work = await mkdtemp(join(tmpdir(), 'mingle-bench-outbox-'));
  const onExit = removeOnExit(work);
  cleanup.add(async () => {
    await rm(work, { recursive: true, force: true });
    onExit.removed();
  });
  const dataDir = join(work, 'data');
  return {
    label: 'PGlite (embedded)',
    serverEnv: { DATA_DIR: dataDir },
    async withDatabase(fn) {
      const database = await openDatabase({ dataDir });
      try {
        return await fn(database.db);
      } finally {
        await database.close();
      }
    },
  };
}

export async function postgresBackend(serverUrl: string, cleanup: Cleanup): Promise<Backend> {
  const database = await openThrowawayPostgres(serverUrl, BENCH_PREFIX);
  cleanup.add(() => database.close());
  const { name } = (await sql<{ name: string }>`select current_database() as name`.execute(database.db)).rows[0]!;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { label: 'PostgreSQL (BENCH_DATABASE_URL)', serverEnv: { DATABASE_URL: url.toString() }, withDatabase: (fn) => fn(database.db) };
}

async function runOn(open: (cleanup: Cleanup) => Promise<Backend>): Promise<SummaryRow[]> {
  const cleanup = new Cleanup();
  try {
    const backend = await open(cleanup);
    return print(backend.label, await measure(backend, cleanup));
  } finally {
    await cleanup.run();
  }
}

export async function runOutboxDrain(): Promise<SummaryRow[]> {
  console.log(heading('Outbox drain: 1,000 queued swipes to the real server on loopback'));
  console.log(
    "The app's outbox and sync engine in Node (Dexie on fake-indexeddb, fetch with the member's cookie)\n" +
      'against server/main.ts; checked with SQL afterwards. Target: <= 5 s with 0 lost and 0 duplicated.',
  );
  const summary = await runOn(pgliteBackend);
  if (benchEnv.databaseUrl) {
    const serverUrl = benchEnv.databaseUrl;
    summary.push(...(await runOn((cleanup) => postgresBackend(serverUrl, cleanup))));
  } else {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL to run the same on a PostgreSQL server).');
    summary.push({ label: 'outbox drain on PostgreSQL', figure: 'skipped (BENCH_DATABASE_URL unset)', budget: '', verdict: '' });
  }
  return summary;
}

runWhenStarted(import.meta.url, runOutboxDrain);
