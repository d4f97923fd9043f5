import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from '../db/seed/constants';
import { openProcessDatabase, type ProcessDatabase } from '../test/helpers/process-database';
import { migratedTemplate } from '../test/helpers/test-database';
import { startServerProcess, type AppServer } from '../test/helpers/server-process';

/**
 * The first start on a fresh database serves the demo data, which a process of its own added: the
 * memory of creating the database and of the seed never enters the process that serves (they kept
 * the first start at 408 MB idle; tests/bench/first-start-memory.ts prints the figures). The compiled server with JSON log lines,
 * which carry the pid of the process that wrote them. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (where the primary starts the seed's process and the workers serve).
 */

interface Line {
  pid: number;
  msg: string;
}

const linesOf = (server: AppServer): Line[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function signInDemoMember(server: AppServer): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.origin }, body: JSON.stringify(body) });
  const since = server.output().length;
  expect((await post('/api/login/pin/request', { email: DEMO_EMAIL })).status).toBe(200);
  const [, pin] = await server.waitForOutput(/Sign-in code: (\d{6})/, since);
  const verified = await post('/api/login/pin/verify', { email: DEMO_EMAIL, pin });
  expect(verified.status).toBe(200);
  return verified.headers
    .getSetCookie()
    .find((line) => line.startsWith('sid='))!
    .split(';')[0]!;
}

// Migrated and without data: the first test is about the seed; the second makes a database from nothing.
let database: ProcessDatabase;
beforeAll(async () => {
  database = await openProcessDatabase(undefined, { template: migratedTemplate() });
});
afterAll(() => database?.close());

const start = (on = database, seed = 'true') =>
  startServerProcess(
    { ...on.serverEnv, SEED_DEMO: seed, LOG_LEVEL: 'info', LOG_FORMAT: 'json', DIST_DIR: join(tmpdir(), `mingle-no-dist-${randomUUID()}`) },
    { apiOnly: true },
  );

describe('the first start on a fresh database', () => {
  it('serves the demo data, which another process added; a restart seeds nothing', { timeout: 120_000 }, async () => {
    const server = await start();
    try {
      const lines = linesOf(server);
      const seeded = lines.filter((line) => line.msg.startsWith('[seed] demo data:'));
      expect(seeded, 'one seed').toHaveLength(1);
      const seeder = seeded[0]!.pid;
      expect(seeder).not.toBe(server.pid);
      // The server says which process seeds, and waited for it: it has exited.
      const announced = lines.find((line) => line.msg.startsWith('[seed] the demo data is added by process'));
      expect(announced).toMatchObject({ pid: server.pid, msg: expect.stringContaining(`process ${seeder},`) });
      expect(alive(seeder)).toBe(false);
      // Every line of the seed came from the seed's process, and nothing else did.
      expect(lines.filter((line) => line.pid === seeder).every((line) => line.msg.startsWith('[seed]'))).toBe(true);
      expect(lines.filter((line) => line.msg.startsWith('[seed]') && line.pid !== seeder)).toEqual([announced]);

      const cookie = await signInDemoMember(server);
      const events = await fetch(`${server.origin}/api/events?page=1`, { headers: { cookie } });
      expect(events.status).toBe(200);
      const list = (await events.json()) as { total: number; events: unknown[] };
      expect(list.total).toBeGreaterThan(100);
      expect(list.events.length).toBeGreaterThan(0);
      // The answers came from the serving processes, not the seed's.
      const served = linesOf(server).filter((line) => line.msg.startsWith('[http] GET /api/events'));
      expect(served.length).toBeGreaterThan(0);
      expect(served.every((line) => line.pid !== seeder)).toBe(true);
    } finally {
      await server.stop();
    }
    expect(server.exitStatus()).toEqual({ code: 0, signal: null });

    const again = await start();
    try {
      expect(linesOf(again).filter((line) => line.msg.startsWith('[seed]'))).toEqual([]);
      const cookie = await signInDemoMember(again);
      expect(((await (await fetch(`${again.origin}/api/events?page=1`, { headers: { cookie } })).json()) as { total: number }).total).toBeGreaterThan(100);
    } finally {
      await again.stop();
    }
  });

  it('creates a new database without the demo data in another process too, and seeds it there when asked later', { timeout: 120_000 }, async () => {
    const empty = await openProcessDatabase();
    try {
      // Without the demo data, the new database is still made by another process (PGlite's creation alone took the server to 590 MB).
      const unseeded = await start(empty, 'false');
      await unseeded.stop();
      expect(linesOf(unseeded).filter((line) => line.msg.startsWith('[seed]'))).toEqual([]);
      if (empty.label === 'PGlite') {
        const created = linesOf(unseeded).find((line) => line.msg.startsWith('[db] the new embedded database is created by process'));
        expect(created?.pid).toBe(unseeded.pid);
        expect(created?.msg).not.toContain(`process ${unseeded.pid},`);
      }

      const server = await start(empty);
      try {
        const seeded = linesOf(server).filter((line) => line.msg.startsWith('[seed] demo data:'));
        expect(seeded).toHaveLength(1);
        expect(seeded[0]!.pid).not.toBe(server.pid);
        const cookie = await signInDemoMember(server);
        expect(((await (await fetch(`${server.origin}/api/events?page=1`, { headers: { cookie } })).json()) as { total: number }).total).toBeGreaterThan(100);
      } finally {
        await server.stop();
      }
      expect(server.exitStatus()).toEqual({ code: 0, signal: null });
    } finally {
      await empty.close();
    }
  });
});
