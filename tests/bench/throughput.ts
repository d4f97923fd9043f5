/**
 * Benchmark: requests per second and p99 latency of the real server process over HTTP
 * (autocannon, 10 and 50 connections, BENCH_THROUGHPUT_SECONDS each, default 8), as the demo
 * member signed in, on the embedded database (a fresh data folder with the demo data) and, with
 * BENCH_DATABASE_URL, on a throwaway PostgreSQL database, next to a bare Hono hello-world measured
 * in the same run (the ratio says how much of the machine's HTTP capacity a call keeps):
 *
 * - GET /api/events?page=1&includeAttendeeConnections=true (the events list as it was measured before the work on speed: signed in, page 1, with attendee connections);
 * - GET /api/events/{id} and GET /api/events/{id}/attendees (the deck) of the demo flagship event;
 * - POST /api/users/interactions/negative: a swipe with its own Idempotency-Key, on the deck's
 *   people in turn (the first round creates, later ones find the swipe: 200 instead of 201);
 * - the lists later issues added: GET /api/users/connections, GET /api/feed and
 *   GET /api/ai-recommendations/top-3; and GET /api/users/me for scale;
 * - with BENCH_DATABASE_URL, the events list again with WORKERS=2 on PostgreSQL, against one
 *   worker (on two cores the load generator and PostgreSQL share the machine with the workers);
 * - the server's resident memory (RSS, its processes together): after the first start seeded the
 *   demo data, idle after a restart on that data (where the load then runs), and at most during
 *   each load;
 * - the events list's share of hello-world against its 4x target, from BENCH_THROUGHPUT_ROUNDS
 *   (default 3) rounds of hello-world then the list at 10 connections, one right after the
 *   other: this machine's speed drifts by a quarter within minutes, so a ratio of two loads
 *   minutes apart said more about the drift than about the server. The ratio of the medians
 *   decides.
 *
 * BENCH_THROUGHPUT_ENTRY=path/to/dist-server/main.js (or server/main.ts) measures another server (an older checkout)
 * the same way. `npx tsx tests/bench/throughput.ts`
 */
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { DeckPage } from '../../contract/attendees';
import { DEMO_FLAGSHIP_EVENT_IDS } from '../../server/db/seed/constants';
import { openProcessDatabase } from '../../server/test/helpers/process-database';
import { startServerProcess, type AppServer } from '../../server/test/helpers/server-process';
import { benchEnv } from './env';
import { processTreeCpuMs, processTreeRssMb } from './process-usage';
import { signInDemoMember } from './demo-sign-in';
import { Cleanup, root } from './processes';
import { heading, machineLoad, ms, runWhenStarted, table, verdict, type SummaryRow } from './report';

const CONNECTIONS = [10, 50] as const;
const IDLE_MS = 3000;
/** The figures before: 150 and 320 requests/s for the list at 10 connections, against about 62,000 for hello-world. */
const BEFORE_RATIO = { PGlite: 150 / 62_000, PostgreSQL: 320 / 62_000 } as const;

interface Load {
  rps: number;
  /** Server CPU time per answered request: what a request costs, whatever else the machine runs. */
  cpuMsPerRequest: number;
  p99: number;
  non2xx: number;
  errors: number;
  rssMaxMb: number;
}

interface Target {
  label: string;
  /** The list call the 4x target is about. */
  list?: boolean;
  request: (session: Session) => autocannon.Request;
}

interface Session {
  cookie: string;
  origin: string;
  eventId: string;
  deck: string[];
}

const get = (path: string) => (session: Session) => ({ method: 'GET' as const, path, headers: { cookie: session.cookie } });

const TARGETS: Target[] = [
  { label: 'GET /api/events (page 1, with connections)', list: true, request: get('/api/events?page=1&includeAttendeeConnections=true') },
  { label: 'GET /api/events/{id}', request: (s) => get(`/api/events/${s.eventId}`)(s) },
  { label: 'GET /api/events/{id}/attendees', request: (s) => get(`/api/events/${s.eventId}/attendees`)(s) },
  {
    label: 'POST /api/users/interactions/negative',
    request: (session) => {
      let turn = 0;
      return {
        method: 'POST',
        path: '/api/users/interactions/negative',
        setupRequest: (request) => ({
          ...request,
          headers: {
            cookie: session.cookie,
            origin: session.origin,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ toUserId: session.deck[turn++ % session.deck.length], eventId: session.eventId }),
        }),
      };
    },
  },
  { label: 'GET /api/users/connections', request: get('/api/users/connections') },
  { label: 'GET /api/feed', request: get('/api/feed') },
  { label: 'GET /api/ai-recommendations/top-3', request: get('/api/ai-recommendations/top-3') },
  { label: 'GET /api/users/me', request: get('/api/users/me') },
];

/** autocannon against `url` while sampling the RSS of `pid` and its children. */
async function load(url: string, connections: number, requests: autocannon.Request[], pid: number): Promise<Load> {
  let rssMaxMb = 0;
  const sample = () => {
    rssMaxMb = Math.max(rssMaxMb, processTreeRssMb(pid));
  };
  const sampler = setInterval(sample, 250);
  try {
    const cpuBefore = processTreeCpuMs(pid);
    const result = await autocannon({ url, connections, duration: benchEnv.throughputSeconds, requests });
    const cpuMsPerRequest = (processTreeCpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total);
    sample();
    return {
      rps: result.requests.average,
      cpuMsPerRequest,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      rssMaxMb,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function startHelloWorld(cleanup: Cleanup): Promise<{ url: string; pid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests', 'bench', 'hello-server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanup.add(() => child.kill('SIGKILL'));
  const port = await new Promise<number>((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const match = printed.match(/listening on (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`hello-world exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid! };
}

async function prepareSession(server: AppServer): Promise<Session> {
  const cookie = await signInDemoMember(server);
  const eventId = DEMO_FLAGSHIP_EVENT_IDS.summit;
  const headers = { cookie, origin: server.origin, 'content-type': 'application/json' };
  const deckAnswer = await fetch(`${server.origin}/api/events/${eventId}/attendees?limit=200`, { headers });
  if (deckAnswer.status !== 200) throw new Error(`GET the deck: ${deckAnswer.status}`);
  const deck = ((await deckAnswer.json()) as DeckPage).attendees.map((a) => a.id);
  const consent = await fetch(`${server.origin}/api/ai-recommendations/consent`, { method: 'PUT', headers, body: JSON.stringify({ consent: true }) });
  if (consent.status !== 200) throw new Error(`PUT AI consent: ${consent.status} ${await consent.text()}`);
  return { cookie, origin: server.origin, eventId, deck };
}

interface Measured {
  backend: 'PGlite' | 'PostgreSQL';
  hello: Record<number, Load>;
  rows: Array<{ target: Target; loads: Record<number, Load>; bytes: number }>;
  /** The first start's, right after it seeded the demo data. */
  seededRssMb: number;
  /** After a restart on the seeded data, signed in, before any load. */
  idleRssMb: number;
  twoProcesses?: { one: Load; two: Load };
  /** The events list's share of hello-world: rounds of both, back to back (10 connections). */
  listRounds: Array<{ hello: Load; list: Load }>;
}

async function measure(backend: 'PGlite' | 'PostgreSQL', cleanup: Cleanup): Promise<Measured> {
  const database = await openProcessDatabase(backend === 'PostgreSQL' ? benchEnv.databaseUrl : undefined);
  cleanup.add(() => database.close());
  const start = (extra: Record<string, string> = {}) =>
    startServerProcess(
      // The load swipes as one member far past a person's pace: the write limits would answer 429.
      { ...database.serverEnv, SEED_DEMO: 'true', LOG_LEVEL: 'error', LOG_FORMAT: 'text', WRITE_LIMIT_FACTOR: '100000', ...extra },
      { apiOnly: true, ...(benchEnv.throughputEntry ? { entry: benchEnv.throughputEntry } : {}) },
    );
  // The first start seeds the demo data in process; a server usually runs after a restart on its
  // data, so the load runs on a second start (the seed's allocations stay in the first process).
  const seeding = await start();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const seededRssMb = processTreeRssMb(seeding.pid);
  await seeding.stop();
  const server = await start();
  cleanup.add(() => server.stop());
  const session = await prepareSession(server);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idleRssMb = processTreeRssMb(server.pid);

  const hello = await startHelloWorld(cleanup);
  const measured: Measured = { backend, hello: {}, rows: [], seededRssMb, idleRssMb, listRounds: [] };
  for (const connections of CONNECTIONS) measured.hello[connections] = await load(hello.url, connections, [{ method: 'GET', path: '/' }], hello.pid);

  for (const target of TARGETS) {
    const request = target.request(session);
    const loads: Record<number, Load> = {};
    // One answer's size, as sent (compression is left to a proxy in front).
    const probe = await fetch(`${server.origin}${request.path}`, { headers: { cookie: session.cookie } });
    const bytes = (await probe.arrayBuffer()).byteLength;
    for (const connections of CONNECTIONS) loads[connections] = await load(server.origin, connections, [target.request(session)], server.pid);
    measured.rows.push({ target, loads, bytes });
  }
  const list = TARGETS.find((target) => target.list)!;
  for (let round = 0; round < benchEnv.throughputRounds; round++) {
    const helloLoad = await load(hello.url, 10, [{ method: 'GET', path: '/' }], hello.pid);
    measured.listRounds.push({ hello: helloLoad, list: await load(server.origin, 10, [list.request(session)], server.pid) });
  }
  await server.stop();

  if (backend === 'PostgreSQL') {
    const list = TARGETS.find((target) => target.list)!;
    const runOn = async (workers: number) => {
      const running = await start({ WORKERS: String(workers), SEED_DEMO: 'false' });
      try {
        const own = await prepareSession(running);
        return await load(running.origin, 10, [list.request(own)], running.pid);
      } finally {
        await running.stop();
      }
    };
    measured.twoProcesses = { one: await runOn(1), two: await runOn(2) };
  }
  return measured;
}

function report(result: Measured): SummaryRow[] {
  const helloRps = (connections: number) => result.hello[connections]!.rps;
  console.log(
    `\n${result.backend}: RSS ${result.seededRssMb.toFixed(0)} MB after the first start seeded the demo data; ` +
      `${result.idleRssMb.toFixed(0)} MB idle after a restart on it; ${machineLoad()}`,
  );
  const rows: string[][] = [];
  for (const connections of CONNECTIONS) {
    const hello = result.hello[connections]!;
    rows.push([`hello-world (bare Hono)`, String(connections), hello.rps.toFixed(0), ms(hello.cpuMsPerRequest), ms(hello.p99), '1', '', '', '']);
  }
  for (const { target, loads, bytes } of result.rows) {
    for (const connections of CONNECTIONS) {
      const l = loads[connections]!;
      const ratio = helloRps(connections) / l.rps;
      rows.push([
        target.label,
        String(connections),
        l.rps.toFixed(0),
        ms(l.cpuMsPerRequest),
        ms(l.p99),
        `1/${ratio.toFixed(0)}`,
        String(l.non2xx + l.errors),
        l.rssMaxMb.toFixed(0),
        String(bytes),
      ]);
    }
  }
  console.log(table(['request', 'conns', 'req/s', 'CPU ms/req', 'p99 ms', 'of hello-world', 'non-2xx+errors', 'RSS max MB', 'answer bytes'], rows));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const rounds = result.listRounds;
  const listRps = median(rounds.map((round) => round.list.rps));
  const ratio = listRps / median(rounds.map((round) => round.hello.rps));
  const gain = ratio / BEFORE_RATIO[result.backend];
  console.log(
    `\nGET /api/events against hello-world, ${rounds.length} rounds back to back at 10 connections: ` +
      rounds
        .map(
          ({ hello, list }) => `${list.rps.toFixed(0)} / ${hello.rps.toFixed(0)} (1/${(hello.rps / list.rps).toFixed(0)}, ${ms(list.cpuMsPerRequest)} ms CPU)`,
        )
        .join(', ') +
      `; medians 1/${(1 / ratio).toFixed(0)}`,
  );
  const summary: SummaryRow[] = [
    {
      label: `GET /api/events req/s at 10 connections, ${result.backend}`,
      figure: `${listRps.toFixed(0)} (median of ${rounds.length}; 1/${(1 / ratio).toFixed(0)} of hello-world run just before each: ${gain.toFixed(1)}x the issue's 1/${(1 / BEFORE_RATIO[result.backend]).toFixed(0)})`,
      budget: '>= 4x',
      verdict: verdict(gain >= 4),
    },
    {
      label: `RSS under load, ${result.backend}`,
      figure: `${Math.max(...result.rows.flatMap((row) => Object.values(row.loads).map((l) => l.rssMaxMb))).toFixed(0)} MB (idle ${result.idleRssMb.toFixed(0)}, after seeding ${result.seededRssMb.toFixed(0)})`,
      budget: result.backend === 'PGlite' ? '< 300 MB' : 'none',
      verdict: result.backend === 'PGlite' ? verdict(Math.max(...result.rows.flatMap((row) => Object.values(row.loads).map((l) => l.rssMaxMb))) < 300) : '',
    },
  ];
  if (result.twoProcesses) {
    const { one, two } = result.twoProcesses;
    console.log(
      `\nGET /api/events at 10 connections on PostgreSQL: WORKERS=1 ${one.rps.toFixed(0)} req/s, WORKERS=2 ${two.rps.toFixed(0)} req/s (${(two.rps / one.rps).toFixed(2)}x; RSS ${two.rssMaxMb.toFixed(0)} MB together)`,
    );
    summary.push({
      label: 'GET /api/events, WORKERS=2 vs 1 on PostgreSQL',
      figure: `${(two.rps / one.rps).toFixed(2)}x (${two.rps.toFixed(0)} vs ${one.rps.toFixed(0)} req/s)`,
      budget: 'none (about 1.3x on 2 cores)',
      verdict: '',
    });
  }
  return summary;
}

export async function runThroughput(): Promise<SummaryRow[]> {
  console.log(heading(`HTTP throughput (autocannon, ${benchEnv.throughputSeconds} s per figure)`));
  const summary: SummaryRow[] = [];
  for (const backend of ['PGlite', 'PostgreSQL'] as const) {
    if (backend === 'PostgreSQL' && !benchEnv.databaseUrl) {
      console.log('\nPostgreSQL: skipped. Set BENCH_DATABASE_URL=postgres://user@host:port/postgres to measure it too.');
      summary.push({ label: 'HTTP throughput on PostgreSQL', figure: 'skipped (BENCH_DATABASE_URL unset)', budget: '', verdict: '' });
      continue;
    }
    const cleanup = new Cleanup();
    try {
      summary.push(...report(await measure(backend, cleanup)));
    } finally {
      await cleanup.run();
    }
  }
  return summary;
}

runWhenStarted(import.meta.url, runThroughput);
