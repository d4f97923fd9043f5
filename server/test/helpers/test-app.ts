import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pushSendsSettled } from '../../services/push/in-flight';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { createApp } from '../../app';
import type { OpenDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { parseEnv, type Config } from '../../env';
import type { AppEnv } from '../../http/app-env';
import { createLogger } from '../../logger';
import type { Mailer } from '../../services/mail/mailer';
import { CapturingMailer } from './capturing-mailer';
import { TestClock } from './test-clock';
import { TestClient } from './test-client';
import { openTestDatabase } from './test-database';

/**
 * Configuration for tests: quiet, no built app, per-IP limits high enough that the many sign-ups
 * of one file (all from one address) do not trip them, and per-member write limits high enough
 * for tests that write a lot as one member. Tests of those limits lower them.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return parseEnv({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_IP: '10000',
    WRITE_LIMIT_FACTOR: '1000',
    DIST_DIR: join(tmpdir(), `mingle-no-dist-${randomBytes(4).toString('hex')}`),
    ...env,
  });
}

export interface TestContext {
  db: Kysely<Database>;
  mailer: CapturingMailer;
  clock: TestClock;
  app: Hono<AppEnv>;
  /** Another app on the same database, with other settings or another mailer. */
  makeApp(env?: Record<string, string>, mailer?: Mailer): Hono<AppEnv>;
  client(options?: ConstructorParameters<typeof TestClient>[1], app?: Hono<AppEnv>): TestClient;
  close(): Promise<void>;
}

/**
 * One database per test file (see test-database.ts), a capturing mailer and a hand-moved clock.
 * Outside vitest (benchmarks) pass `open`, since the test database comes from vitest's setup.
 */
export async function createTestContext(env: Record<string, string> = {}, open: () => Promise<OpenDatabase> = openTestDatabase): Promise<TestContext> {
  const database = await open();
  const mailer = new CapturingMailer();
  const clock = new TestClock();
  const makeApp = (extra: Record<string, string> = {}, otherMailer: Mailer = mailer) => {
    const config = testConfig({ ...env, ...extra });
    return createApp({ db: database.db, mailer: otherMailer, config, clock: clock.now, logger: createLogger(config.LOG_LEVEL) });
  };
  const app = makeApp();
  return {
    db: database.db,
    mailer,
    clock,
    app,
    makeApp,
    client: (options, otherApp) => new TestClient(otherApp ?? app, options),
    // Sends still going (pushes, mails) would outlive the file and its database: the server
    // project shares one load of the modules across files, and the next file waiting for its own
    // sends (pushSendsSettled) would wait for these too.
    close: async () => {
      await pushSendsSettled();
      await database.close();
    },
  };
}

/** A unique address per call, so tests in one file never share users or rate-limit buckets. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export const NAMES = { firstName: 'Ada', lastName: 'Lovelace' };

/** Signs a new member up through the API, as the client does; the client keeps the cookie. */
export async function signUp(t: TestContext, client: TestClient, email = uniqueEmail()) {
  const requested = await client.post('/api/signup/pin/request', { ...NAMES, email });
  if (requested.status !== 200) throw new Error(`signup request: ${requested.status} ${requested.text}`);
  const verified = await client.post('/api/signup/pin/verify', { ...NAMES, email, pin: t.mailer.lastCode(email) });
  if (verified.status !== 201) throw new Error(`signup verify: ${verified.status} ${verified.text}`);
  return { email, me: verified.body };
}

/** Logs an existing member in through the API. */
export async function logIn(t: TestContext, client: TestClient, email: string) {
  const requested = await client.post('/api/login/pin/request', { email });
  if (requested.status !== 200) throw new Error(`login request: ${requested.status} ${requested.text}`);
  return client.post('/api/login/pin/verify', { email, pin: t.mailer.lastCode(email) });
}
