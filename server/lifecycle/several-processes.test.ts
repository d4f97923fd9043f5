import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/attendees';
import { openProcessDatabase, type ProcessDatabase } from '../test/helpers/process-database';
import { WORKER_SEMI_SPACE_MB } from './cluster-primary';
import { startServerProcess, type AppServer } from '../test/helpers/server-process';
import { createSwipeEventData, type SwipeEventData } from '../test/helpers/swipe-event-data';

/**
 * With PostgreSQL, any number of server processes serve the same members, so nothing a
 * member's next request needs may live in one process's memory. Two real server processes on one
 * database, used alternately as a load balancer would: the code asked on one is entered on the
 * other, the session made there works here, a swipe's Idempotency-Key replayed on the other
 * process gets the first answer and no second swipe, and a rate limit counts both processes'
 * requests together. Then one server of WORKERS=2 (node:cluster), and one of WORKERS unset, which
 * is a primary with one worker too. Needs TEST_DATABASE_URL
 * (PGlite is one process).
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const RATE_LIMIT = 4;

let database: ProcessDatabase;
let data: SwipeEventData;

beforeAll(async () => {
  if (!serverUrl) return;
  database = await openProcessDatabase(serverUrl);
  data = await database.withDatabase((db) => createSwipeEventData(db, new Date(), { swipers: 1, targets: 4 }));
}, 60_000);

afterAll(() => database?.close());

function start(env: Record<string, string> = {}): Promise<AppServer> {
  return startServerProcess(
    {
      ...database.serverEnv,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_IP: String(RATE_LIMIT),
      DIST_DIR: join(tmpdir(), `mingle-no-dist-${randomUUID()}`),
      ...env,
    },
    { apiOnly: true },
  );
}

function call(server: AppServer, method: string, path: string, options: { cookie?: string; key?: string; json?: unknown } = {}): Promise<Response> {
  return fetch(`${server.origin}/api/${path}`, {
    method,
    headers: {
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.key ? { [IDEMPOTENCY_HEADER]: options.key } : {}),
    },
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  });
}

/** The code this server printed for `email` (no SMTP configured) since `since`. */
async function printedCode(server: AppServer, email: string, since: number): Promise<string> {
  const [, code] = await server.waitForOutput(new RegExp(`To: ${email.replace(/[.+]/g, '\\$&')}\\s+Sign-in code: (\\d{6})`), since);
  return code!;
}

describe.runIf(serverUrl)('two server processes on one PostgreSQL', () => {
  let a: AppServer;
  let b: AppServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([start(), start()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('serve one journey alternately: sign-in, session, swipes, replays and rate limits cross processes', async () => {
    const swiper = data.swipers[0]!;
    const email = await database.withDatabase(
      async (db) => (await db.selectFrom('users').select('email').where('id', '=', swiper.id).executeTakeFirstOrThrow()).email,
    );

    // The code is asked of A and entered on B: it lives in the database, not in A.
    const since = a.output().length;
    expect((await call(a, 'POST', 'login/pin/request', { json: { email } })).status).toBe(200);
    const code = await printedCode(a, email, since);
    const verified = await call(b, 'POST', 'login/pin/verify', { json: { email, pin: code } });
    expect(verified.status).toBe(200);
    const cookie = verified.headers
      .getSetCookie()
      .find((line) => line.startsWith('sid='))!
      .split(';')[0]!;

    // The session B made works on A.
    const me = await call(a, 'GET', 'users/me', { cookie });
    expect([me.status, ((await me.json()) as { id: string }).id]).toEqual([200, swiper.id]);

    // A swipe on B, replayed with its key on A: the first answer again, and one swipe stored.
    const [first, second] = data.targets;
    const swipeAt = (server: AppServer, targetId: string, key: string) =>
      call(server, 'POST', 'users/interactions/positive', { cookie, key, json: { toUserId: targetId, eventId: data.eventId } });
    const key1 = randomUUID();
    const onB = await swipeAt(b, first!.id, key1);
    const replayOnA = await swipeAt(a, first!.id, key1);
    expect(onB.status).toBe(201);
    expect([replayOnA.status, await replayOnA.text()]).toEqual([onB.status, await onB.text()]);
    // And the other way round.
    const key2 = randomUUID();
    const onA = await swipeAt(a, second!.id, key2);
    const replayOnB = await swipeAt(b, second!.id, key2);
    expect(onA.status).toBe(201);
    expect([replayOnB.status, await replayOnB.text()]).toEqual([onA.status, await onA.text()]);
    const stored = await database.withDatabase((db) =>
      db.selectFrom('interactions').select('to_user_id').where('from_user_id', '=', swiper.id).where('event_id', '=', data.eventId).execute(),
    );
    expect(stored.map((row) => row.to_user_id).sort()).toEqual([first!.id, second!.id].sort());

    // Code requests from this address: one already (on A); three more alternately reach the
    // limit, and the next is refused though neither process saw more than three.
    const requestCode = (server: AppServer) => call(server, 'POST', 'login/pin/request', { json: { email: `nobody-${randomUUID()}@example.com` } });
    const statuses = [];
    for (const server of [b, a, b, a]) statuses.push((await requestCode(server)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);

    // Signing out on A ends the session on B too.
    expect((await call(a, 'POST', 'oauth/logout', { cookie })).status).toBeLessThan(300);
    expect((await call(b, 'GET', 'users/me', { cookie })).status).toBe(401);
  });
});

/** A GET on a new connection each time, so the cluster hands each one to a worker in turn. */
function freshConnectionGet(origin: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.runIf(serverUrl)('WORKERS=2', () => {
  it('the primary seeds and runs the local checkout once, two workers serve, a dead worker is replaced, SIGTERM stops all with 0', async () => {
    const cluster = await startServerProcess(
      { ...(await freshDatabaseEnv()), WORKERS: '2', SEED_DEMO: 'true', LOG_LEVEL: 'info', DIST_DIR: join(tmpdir(), `mingle-no-dist-${randomUUID()}`) },
      { apiOnly: true },
    );
    try {
      await cluster.waitForOutput(/with 2 worker processes/, 0, 30_000);
      // The demo PRO members subscribe at the primary's checkout; its webhooks reach a worker,
      // which verifies them with the secret the primary handed over.
      await cluster.waitForOutput(/demo PRO member\(s\) subscribed through the local test checkout/, 0, 30_000);
      await cluster.waitForOutput(/\[stripe\] invoice\.paid \S+: applied/, 0, 30_000);
      const workerPids = async () => [...cluster.output().matchAll(/\[cluster\] worker (\d+) serving port/g)].map((m) => Number(m[1]));
      await cluster.waitForOutput(/worker \d+ serving port[\s\S]*worker \d+ serving port/, 0, 30_000);
      const output = cluster.output();
      expect(output.match(/\[seed\] demo data:/g)).toHaveLength(1);
      expect(output.match(/the local test checkout runs at/g)).toHaveLength(1);

      for (let i = 0; i < 6; i++) expect(await freshConnectionGet(cluster.origin, '/readyz')).toBe(200);

      const [victim] = await workerPids();
      process.kill(victim!, 'SIGKILL');
      await cluster.waitForOutput(new RegExp(`worker ${victim} exited \\(signal SIGKILL\\); starting another`), 0, 10_000);
      await cluster.waitForOutput(/(?:worker \d+ serving port[\s\S]*){3}/, 0, 30_000);
      for (let i = 0; i < 4; i++) expect(await freshConnectionGet(cluster.origin, '/healthz')).toBe(200);

      await cluster.stop();
      expect(cluster.exitStatus()).toEqual({ code: 0, signal: null });
      expect(cluster.output()).toMatch(/\[cluster\] SIGTERM: stopping 2 worker\(s\)[\s\S]*\[cluster\] stopped/);
    } finally {
      await cluster.kill();
    }
  });
});

describe.runIf(serverUrl)('WORKERS unset on PostgreSQL', () => {
  it("one worker serves under a primary, with V8's default young generation instead of the embedded server's; SIGTERM stops both", async () => {
    const server = await start();
    try {
      await server.waitForOutput(/with 1 worker process\b/, 0, 30_000);
      const [workerPid] = [...server.output().matchAll(/\[cluster\] worker (\d+) serving port/g)].map((m) => Number(m[1]));
      expect(workerPid).not.toBe(server.pid);
      const args = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(args(server.pid)).toContain('--max-semi-space-size=4');
      expect(args(workerPid!)).toContain(`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
      expect(args(workerPid!)).not.toContain('--max-semi-space-size=4');
      expect(await freshConnectionGet(server.origin, '/readyz')).toBe(200);
      await server.stop();
      expect(server.exitStatus()).toEqual({ code: 0, signal: null });
      expect(() => process.kill(workerPid!, 0)).toThrow();
    } finally {
      await server.kill();
    }
  });
});

/** A second throwaway database, so the cluster's demo seed finds it empty. */
async function freshDatabaseEnv(): Promise<Record<string, string>> {
  const other = await openProcessDatabase(serverUrl);
  onFinished.push(() => other.close());
  return other.serverEnv;
}
const onFinished: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const finish of onFinished) await finish();
});
