/**
 * Benchmark: server-side latency of the sign-in API and of GET /api/users/me, in process (the Hono
 * app called through app.request(), no HTTP), on a migrated in-memory PGlite database with the demo
 * data, and also on PostgreSQL when BENCH_DATABASE_URL is set (a throwaway database is created
 * there and dropped afterwards).
 *
 * Requests run one at a time: WARM_UP untimed, then RUNS timed. Every sign-in uses its own member
 * (created through the sign-up endpoints beforehand), because an address gets at most 3 codes per
 * 15 minutes; the per-IP limits are raised so that one client address can do them all.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { createApp } from '../../server/app';
import { type OpenDatabase } from '../../server/db/database';
import { DEMO_EMAIL } from '../../server/db/seed/constants';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { parseEnv } from '../../server/env';
import type { AppEnv } from '../../server/http/app-env';
import { createLogger } from '../../server/logger';
import { onBothDatabases } from './on-both-databases';
import { LastCodeMailer } from './last-code-mailer';
import { heading, ms, stats, table, type Stats, type SummaryRow, runWhenStarted } from './report';

const BENCH_PREFIX = 'mingle_bench';
const RUNS = 300;
const WARM_UP = 30;

interface Answer {
  status: number;
  text: string;
  cookie: string | undefined;
}

/** Calls the in-process app as the Node server would, from one client address. */
function caller(app: Hono<AppEnv>) {
  const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
  return async (method: string, path: string, options: { json?: unknown; cookie?: string } = {}): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const res = await app.request(`http://localhost${path}`, { method, headers, body }, env);
    const text = await res.text();
    const sid = res.headers.getSetCookie().find((line) => line.startsWith('sid='));
    return { status: res.status, text, cookie: sid?.split(';')[0] };
  };
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 200)}`);
}

interface Measured {
  me: Stats;
  request: Stats;
  verify: Stats;
  signIn: Stats;
}

async function measure(database: OpenDatabase): Promise<Measured> {
  const seeded = await seedDemoIfEmpty(database.db);
  if (!seeded) throw new Error('The benchmark database was expected to be empty');
  const mailer = new LastCodeMailer();
  const config = parseEnv({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_VERIFY_PER_IP: '1000000',
    // No built app is served here; only /api is called.
    DIST_DIR: join(tmpdir(), `mingle-bench-no-dist-${randomBytes(4).toString('hex')}`),
  });
  const app = createApp({ db: database.db, mailer, config, logger: createLogger('silent') });
  const call = caller(app);

  // The demo member (complete profile, consents given) for GET /api/users/me.
  expectStatus(await call('POST', '/api/login/pin/request', { json: { email: DEMO_EMAIL } }), 200, 'demo login request');
  const demo = await call('POST', '/api/login/pin/verify', { json: { email: DEMO_EMAIL, pin: mailer.lastCode(DEMO_EMAIL) } });
  expectStatus(demo, 200, 'demo login verify');
  if (!demo.cookie) throw new Error('No session cookie after sign-in');

  // One member per sign-in, signed up through the API (that uses 1 of the address's 3 codes).
  const tag = randomBytes(4).toString('hex');
  const emails = Array.from({ length: WARM_UP + RUNS }, (_, i) => `bench-${tag}-${i}@example.com`);
  for (const email of emails) {
    const names = { firstName: 'Bench', lastName: 'Member' };
    expectStatus(await call('POST', '/api/signup/pin/request', { json: { ...names, email } }), 200, 'signup request');
    const pin = mailer.lastCode(email);
    expectStatus(await call('POST', '/api/signup/pin/verify', { json: { ...names, email, pin } }), 201, 'signup verify');
  }

  const me: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const started = performance.now();
    const answer = await call('GET', '/api/users/me', { cookie: demo.cookie });
    const took = performance.now() - started;
    expectStatus(answer, 200, 'GET /api/users/me');
    if (i >= WARM_UP) me.push(took);
  }

  const request: number[] = [];
  const verify: number[] = [];
  const signIn: number[] = [];
  for (const [i, email] of emails.entries()) {
    const started = performance.now();
    const requested = await call('POST', '/api/login/pin/request', { json: { email } });
    const between = performance.now();
    const pin = requested.status === 200 ? mailer.lastCode(email) : '';
    const verified = await call('POST', '/api/login/pin/verify', { json: { email, pin } });
    const ended = performance.now();
    expectStatus(requested, 200, 'POST /api/login/pin/request');
    expectStatus(verified, 200, 'POST /api/login/pin/verify');
    if (i < WARM_UP) continue;
    request.push(between - started);
    verify.push(ended - between);
    signIn.push(ended - started);
  }
  return { me: stats(me), request: stats(request), verify: stats(verify), signIn: stats(signIn) };
}

function print(backend: string, result: Measured): SummaryRow[] {
  const rows: Array<[string, Stats]> = [
    ['GET /api/users/me', result.me],
    ['POST /api/login/pin/request', result.request],
    ['POST /api/login/pin/verify', result.verify],
    ['sign-in (request + verify)', result.signIn],
  ];
  console.log(`\n${backend}: ${RUNS} timed runs each after ${WARM_UP} warm-up, one at a time; milliseconds`);
  console.log(
    table(
      ['request', 'mean', 'p50', 'p95', 'p99', 'max', 'budget'],
      rows.map(([name, s]) => [name, ms(s.mean), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), 'none']),
    ),
  );
  return [
    { label: `GET /api/users/me p95, ${backend}`, figure: `${ms(result.me.p95)} ms`, budget: 'none', verdict: '' },
    { label: `sign-in p95, ${backend}`, figure: `${ms(result.signIn.p95)} ms`, budget: 'none', verdict: '' },
  ];
}

export async function runAuthApiLatency(): Promise<SummaryRow[]> {
  console.log(heading('Auth API latency (in process, no HTTP)'));
  console.log(
    'Each member signs in once; the demo data is loaded first. docs/architecture.md sets no budget for these\n' +
      'endpoints (its API budget, p95 <= 30 ms, is for GET /api/events on 10,000 events).',
  );
  return onBothDatabases('auth API', BENCH_PREFIX, async (backend, database) => print(backend, await measure(database)));
}

runWhenStarted(import.meta.url, runAuthApiLatency);
