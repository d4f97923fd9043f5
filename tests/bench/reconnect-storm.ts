/**
 * Benchmark: a reconnect storm. The Wi-Fi of a venue drops and comes back for everyone at once:
 * 2,000 phones of one event, each holding 10 queued writes (7 swipes, an undo of a swipe made
 * before the drop, a goal edit, a note on a connection), reconnect within 5 s of each other and
 * drain through the real HTTP API, while 200 other members read the deck and the feed.
 *
 * Each phone is the app's own code in Node: its outbox (src/offline/outbox.ts) on Dexie over
 * fake-indexeddb and its sync engine (src/offline/sync-engine.ts) with the app's batch route,
 * Idempotency-Keys, retries, backoff and Retry-After, sending through fetchSend with the member's
 * cookie. A reader reads the deck and the feed in turn, about three seconds apart, in a process of
 * its own (storm-readers.ts), so the phones' work does not delay its timings. The
 * server is server/main.ts on PGlite, and with BENCH_DATABASE_URL on PostgreSQL with
 * WORKERS=2. Printed: the time until every write is acknowledged, the readers' p95 and p99, the
 * answers by kind (5xx, 429), and, read from the database afterwards, lost and duplicated writes.
 * Targets: all 20,000 writes within 60 s, readers' p95 under 500 ms, 0 server errors, 0 lost,
 * 0 duplicated. STORM_PHONES and STORM_READERS change the crowd (for a quick run).
 */
// First: Dexie looks for indexedDB when it is loaded.
import 'fake-indexeddb/auto';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { DECK_PAGE_SIZE } from '../../contract/deck-page-size';
import { createOutboxDb } from '../../src/offline/db';
import { createOutbox } from '../../src/offline/outbox';
import { connectionNoteMutation } from '../../src/offline/mutations/connection-note';
import { goalMutation } from '../../src/offline/mutations/goal';
import { swipeMutation } from '../../src/offline/mutations/swipe';
import { undoSwipeMutation } from '../../src/offline/mutations/undo-swipe';
import { createFetchSend, type SendFn } from '../../src/offline/send';
import { createSyncEngine, type SyncEngine, type SyncResult } from '../../src/offline/sync-engine';
import type { Database } from '../../server/db/schema';
import { benchEnv } from './env';
import { oneTab, pgliteBackend, postgresBackend, type Backend } from './outbox-drain';
import { Cleanup, startAppServer, type AppServer } from './processes';
import { heading, machineLoad, ms, runWhenStarted, stats, verdict, type SummaryRow } from './report';
import type { ReadersOrder, ReadersReport } from './storm-readers';
import { createStormData, SWIPES_PER_PHONE, type StormData, type StormMember, type StormPhone } from './storm-data';

const PHONES = benchEnv.stormPhones;
const READERS = benchEnv.stormReaders;
const WRITES_PER_PHONE = SWIPES_PER_PHONE + 3;
/** The phones come back within this window of each other. */
const RECONNECT_WINDOW_MS = 5_000;
const BUDGET_MS = 60_000;
const READ_P95_BUDGET_MS = 500;
/** A reader's mean pause between two reads. */
const READ_PAUSE_MS = 3_000;
/** A storm not over by then is reported as such; the checks run all the same. */
const GIVE_UP_MS = 300_000;

interface Answers {
  byStatus: Map<number, number>;
  requests: number;
  /** Why requests got no answer, by the error's code. */
  noAnswer: Map<string, number>;
}

const newAnswers = (): Answers => ({ byStatus: new Map(), requests: 0, noAnswer: new Map() });

function noteNoAnswer(answers: Answers, error: unknown): void {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  answers.noAnswer.set(reason, (answers.noAnswer.get(reason) ?? 0) + 1);
}

const count = (answers: Answers, status: number) => answers.byStatus.set(status, (answers.byStatus.get(status) ?? 0) + 1);

/** fetchSend with the member's cookie, counting every answer by its status (0: no answer). */
function phoneSend(server: AppServer, member: StormMember, answers: Answers): SendFn {
  const send = createFetchSend(`${server.origin}/api/`, async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', member.cookie);
    try {
      return await fetch(input, { ...init, headers });
    } catch (error) {
      noteNoAnswer(answers, error);
      throw error;
    }
  });
  return async (request) => {
    const response = await send(request);
    answers.requests++;
    count(answers, response.status);
    return response;
  };
}

async function queueWrites(phone: StormPhone, dbName: string, eventId: string): Promise<void> {
  const outbox = createOutbox({ userId: phone.id, db: createOutboxDb(dbName) });
  for (const swipe of phone.swipes) await outbox.enqueue(swipeMutation, { eventId, ...swipe });
  await outbox.enqueue(undoSwipeMutation, { eventId, interactionId: phone.undoInteractionId, toUserId: phone.undoTarget });
  await outbox.enqueue(goalMutation, { eventId, goal: phone.goal });
  await outbox.enqueue(connectionNoteMutation, { aboutUserId: phone.noteAbout, note: phone.note });
  const queued = await outbox.pendingCount();
  if (queued !== WRITES_PER_PHONE) throw new Error(`${queued} records queued for a phone, expected ${WRITES_PER_PHONE}`);
}

interface Storm {
  drainMs: number | null;
  acknowledged: number;
  failed: Array<{ status: number; reason: string }>;
  paused: number;
  writes: Answers;
  reads: Answers;
  readMs: number[];
}

async function storm(server: AppServer, data: StormData, dbNames: string[]): Promise<Storm> {
  const writes = newAnswers();
  const failed: Storm['failed'] = [];
  let acknowledged = 0;
  let paused = 0;
  const total = data.phones.length * WRITES_PER_PHONE;
  let done = () => {};
  const allIn = new Promise<void>((resolve) => (done = resolve));
  const onResult = (result: SyncResult) => {
    if (result.type === 'sent') acknowledged++;
    else if (result.type === 'failed') failed.push({ status: result.status, reason: result.reason });
    else paused++;
    if (acknowledged + failed.length >= total) done();
  };

  const readers = startReaders({
    origin: server.origin,
    paths: [`/api/events/${data.eventId}/attendees?limit=${DECK_PAGE_SIZE}`, '/api/feed'],
    cookies: data.readers.map((reader) => reader.cookie),
    pauseMs: READ_PAUSE_MS,
  });
  await readers.started;

  const engines: SyncEngine[] = [];
  const timers: NodeJS.Timeout[] = [];
  const started = performance.now();
  data.phones.forEach((phone, i) => {
    timers.push(
      setTimeout(() => {
        const engine = createSyncEngine({ userId: phone.id, db: createOutboxDb(dbNames[i]!), send: phoneSend(server, phone, writes), lock: oneTab, onResult });
        engines.push(engine);
        engine.start();
      }, Math.random() * RECONNECT_WINDOW_MS),
    );
  });
  const finished = await Promise.race([allIn.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), GIVE_UP_MS))]);
  const drainMs = finished ? performance.now() - started : null;
  timers.forEach(clearTimeout);
  engines.forEach((engine) => engine.stop());
  const report = await readers.stop();
  const reads: Answers = { byStatus: new Map(report.byStatus), requests: report.readMs.length, noAnswer: new Map(report.noAnswer) };
  return { drainMs, acknowledged, failed, paused, writes, reads, readMs: report.readMs };
}

/**
 * The readers in their own process (storm-readers.ts): `started` once each has read every path
 * once (as before the Wi-Fi dropped), then timed reads until `stop()`.
 */
function startReaders(order: ReadersOrder): { started: Promise<void>; stop(): Promise<ReadersReport> } {
  const child = fork(fileURLToPath(new URL('./storm-readers.ts', import.meta.url)), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  let ready = () => {};
  let failed = (_error: Error) => {};
  const started = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
    child.once('spawn', () => child.send(order, (error) => error && reject(error)));
    child.once('error', reject);
  });
  const report = new Promise<ReadersReport>((resolve, reject) => {
    child.on('message', (message) => (message === 'ready' ? ready() : resolve(message as ReadersReport)));
    child.once('exit', (code) => {
      const error = new Error(`the readers' process exited (${code}) without a report`);
      failed(error);
      reject(error);
    });
  });
  // Unhandled until stop() asks for it; a failure before then shows in `started`.
  report.catch(() => undefined);
  return {
    started,
    stop: () => {
      child.send('stop');
      return report;
    },
  };
}

interface Check {
  lost: number;
  duplicated: number;
  wrongType: number;
  undoneStillThere: number;
}

/** What the database holds afterwards, against what each phone intended. */
async function checkDatabase(db: Kysely<Database>, data: StormData): Promise<Check> {
  const interactions = await db.selectFrom('interactions').select(['id', 'from_user_id', 'to_user_id', 'type']).where('event_id', '=', data.eventId).execute();
  const byPair = new Map<string, string[]>();
  for (const row of interactions) {
    const key = `${row.from_user_id}|${row.to_user_id}`;
    byPair.set(key, [...(byPair.get(key) ?? []), row.type]);
  }
  const goals = new Map(
    (await db.selectFrom('event_attendees').select(['user_id', 'goal']).where('event_id', '=', data.eventId).execute()).map((r) => [r.user_id, r.goal]),
  );
  const notes = await db.selectFrom('connection_notes').select(['user_id', 'about_user_id', 'note']).execute();
  const noteOf = new Map(notes.map((n) => [`${n.user_id}|${n.about_user_id}`, n.note]));
  const remaining = new Set(interactions.map((row) => row.id));
  const check: Check = { lost: 0, duplicated: 0, wrongType: 0, undoneStillThere: 0 };
  for (const phone of data.phones) {
    for (const swipe of phone.swipes) {
      const types = byPair.get(`${phone.id}|${swipe.toUserId}`);
      if (!types) check.lost++;
      else {
        check.duplicated += types.length - 1;
        if (!types.includes(swipe.direction === 'right' ? 'POSITIVE' : 'NEGATIVE')) check.wrongType++;
      }
    }
    if (remaining.has(phone.undoInteractionId)) check.undoneStillThere++;
    if (goals.get(phone.id) !== phone.goal) check.lost++;
    if (noteOf.get(`${phone.id}|${phone.noteAbout}`) !== phone.note) check.lost++;
  }
  // Connections made by mutual right swipes: one row per pair.
  const pairs = await db.selectFrom('connections').select(['user_a_id', 'user_b_id']).execute();
  check.duplicated += pairs.length - new Set(pairs.map((p) => `${p.user_a_id}|${p.user_b_id}`)).size;
  return check;
}

const REQUEST_LINE = /\[http\] (POST|DELETE|PATCH|PUT|GET) (\S+) (\d{3}) (\d+)ms/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The server's own time per route (its request log, whole ms): where the storm's time goes. */
function serverTimes(output: string): string[] {
  const byRoute = new Map<string, number[]>();
  for (const [, method, path, , took] of output.matchAll(REQUEST_LINE)) {
    const route = `${method} ${path!.split('?')[0]!.replace(UUID, ':id')}`;
    byRoute.set(route, [...(byRoute.get(route) ?? []), Number(took)]);
  }
  return [...byRoute.entries()]
    .sort(([, a], [, b]) => b.reduce((x, y) => x + y, 0) - a.reduce((x, y) => x + y, 0))
    .map(([route, times]) => {
      const s = stats(times);
      return `${route}: ${times.length} x, mean ${ms(s.mean)} ms, p95 ${ms(s.p95)} ms, ${(times.reduce((x, y) => x + y, 0) / 1000).toFixed(1)} s in all`;
    });
}

const statusLine = (answers: Answers) =>
  [...answers.byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? 'no answer' : status} x${n}`)
    .join(', ') + (answers.noAnswer.size > 0 ? ` (no answer: ${[...answers.noAnswer].map(([why, n]) => `${why} x${n}`).join(', ')})` : '');

const sumWhere = (answers: Answers, test: (status: number) => boolean) =>
  [...answers.byStatus.entries()].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);

async function runOn(open: (cleanup: Cleanup) => Promise<Backend>, serverEnv: Record<string, string>, label: string): Promise<SummaryRow[]> {
  const cleanup = new Cleanup();
  try {
    const backend = await open(cleanup);
    const data = await backend.withDatabase((db) => createStormData(db, new Date(), PHONES, READERS));
    const run = randomBytes(4).toString('hex');
    const dbNames = data.phones.map((_, i) => `mingle-bench-storm-${run}-${i}`);
    const queueStarted = performance.now();
    for (const [i, phone] of data.phones.entries()) await queueWrites(phone, dbNames[i]!, data.eventId);
    const queueMs = performance.now() - queueStarted;
    const server = await startAppServer(
      { ...backend.serverEnv, ...serverEnv, SEED_DEMO: 'false', LOG_LEVEL: 'info', DIST_DIR: join(tmpdir(), `mingle-bench-no-dist-${run}`) },
      { apiOnly: true },
    );
    cleanup.add(() => server.stop());
    const load = machineLoad();
    const result = await storm(server, data, dbNames);
    await server.stop();
    const check = await backend.withDatabase((db) => checkDatabase(db, data));
    // A write still waiting in its outbox when the storm was called off is late, not lost.
    let stillQueued = 0;
    for (const [i, phone] of data.phones.entries()) stillQueued += await createOutbox({ userId: phone.id, db: createOutboxDb(dbNames[i]!) }).pendingCount();
    const lost = Math.max(0, check.lost + check.wrongType + check.undoneStillThere - stillQueued);

    const total = data.phones.length * WRITES_PER_PHONE;
    const read = stats(result.readMs.length > 0 ? result.readMs : [0]);
    const serverErrors = sumWhere(result.writes, (s) => s >= 500) + sumWhere(result.reads, (s) => s >= 500);
    const tooMany = sumWhere(result.writes, (s) => s === 429) + sumWhere(result.reads, (s) => s === 429);
    const drained = result.drainMs === null ? `NOT all in after ${GIVE_UP_MS / 1000} s` : `${(result.drainMs / 1000).toFixed(1)} s`;
    console.log(`\n${label}: ${data.phones.length} phones x ${WRITES_PER_PHONE} writes, ${data.readers.length} readers; ${load}`);
    console.log(`  queued into ${data.phones.length} outboxes in ${(queueMs / 1000).toFixed(1)} s (before the server started)`);
    console.log(
      `  every write acknowledged: ${drained} (${result.acknowledged} of ${total} acknowledged, ${result.failed.length} failed` +
        (result.failed[0] ? `, first: ${result.failed[0].status} ${result.failed[0].reason}` : '') +
        `${result.paused ? `, ${result.paused} paused` : ''})`,
    );
    console.log(`  writes: ${result.writes.requests} requests; ${statusLine(result.writes)}`);
    console.log(
      `  reads: ${result.reads.requests} requests, p50 ${ms(read.p50)} ms, p95 ${ms(read.p95)} ms, p99 ${ms(read.p99)} ms, max ${ms(read.max)} ms; ${statusLine(result.reads)}`,
    );
    console.log(`  server errors (5xx): ${serverErrors}; 429: ${tooMany}`);
    console.log(`  the server's own time (its request log):`);
    for (const line of serverTimes(server.output())) console.log(`    ${line}`);
    console.log(
      `  in the database: missing ${check.lost}, duplicated ${check.duplicated}, other type ${check.wrongType}, undone swipes still there ${check.undoneStillThere};` +
        ` still waiting in outboxes ${stillQueued}; lost ${lost}`,
    );
    const met =
      result.drainMs !== null &&
      result.drainMs <= BUDGET_MS &&
      result.failed.length === 0 &&
      read.p95 < READ_P95_BUDGET_MS &&
      serverErrors === 0 &&
      lost === 0 &&
      check.duplicated === 0;
    console.log(`  targets (all in <= 60 s, readers' p95 < 500 ms, 0 server errors, 0 lost, 0 duplicated): ${verdict(met)}`);
    return [
      {
        label: `reconnect storm, ${label}`,
        figure: `${drained}, reads p95 ${ms(read.p95)} ms, 5xx ${serverErrors}, lost ${lost}, dup ${check.duplicated}`,
        budget: '<= 60 s, p95 < 500 ms, 0/0/0',
        verdict: verdict(met),
      },
    ];
  } finally {
    await cleanup.run();
  }
}

export async function runReconnectStorm(): Promise<SummaryRow[]> {
  console.log(heading(`Reconnect storm: ${PHONES} phones x ${WRITES_PER_PHONE} queued writes, ${READERS} readers`));
  console.log(
    "Each phone is the app's outbox and sync engine in Node (Dexie on fake-indexeddb); they reconnect within 5 s\n" +
      'of each other against server/main.ts; checked with SQL afterwards.',
  );
  const summary = await runOn(pgliteBackend, {}, 'PGlite (embedded)');
  if (benchEnv.databaseUrl) {
    const serverUrl = benchEnv.databaseUrl;
    summary.push(...(await runOn((cleanup) => postgresBackend(serverUrl, cleanup), { WORKERS: '2' }, 'PostgreSQL, WORKERS=2')));
  } else {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL to run the same on a PostgreSQL server with WORKERS=2).');
    summary.push({ label: 'reconnect storm on PostgreSQL', figure: 'skipped (BENCH_DATABASE_URL unset)', budget: '', verdict: '' });
  }
  return summary;
}

runWhenStarted(import.meta.url, runReconnectStorm);
