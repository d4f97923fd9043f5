/**
 * Benchmark: event reminders. 10,000 reminders fall due within the same minute (100
 * events starting in 59 to 60 minutes, 100 registered members with a device each); the server's
 * reminder schedulers send them to a local push service (web-push-testing, which decrypts every
 * message, in a process of its own). Printed: the time until every reminder was sent, and whether
 * each device got exactly one. On PostgreSQL (BENCH_DATABASE_URL) two schedulers on two connection
 * pools share the work, as two server processes would. Target: all sent once within 60 s.
 */
import { sql } from 'kysely';
import { openDatabase, type OpenDatabase } from '../../server/db/database';
import { parseEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { startPushScheduler } from '../../server/services/push/reminder-scheduler';
import { storedVapidKeys } from '../../server/services/push/vapid-keys';
import { startLocalPushService, type LocalSubscription } from '../../server/test/helpers/push-service';
import { benchEnv } from './env';
import { onBothDatabases } from './on-both-databases';
import { heading, machineLoad, ms, runWhenStarted, verdict, type SummaryRow } from './report';

const EVENTS = 100;
const PER_EVENT = 100;
const TOTAL = EVENTS * PER_EVENT;
const BUDGET_MS = 60_000;
const MINUTE = 60_000;

async function inBatches<T>(items: readonly T[], size: number, work: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await work(items.slice(i, i + size));
}

async function parallel<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** A second connection pool on the same PostgreSQL database: another server process's view. */
async function secondPool(database: OpenDatabase): Promise<OpenDatabase | null> {
  if (database.kind !== 'postgres' || !benchEnv.databaseUrl) return null;
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  const url = new URL(benchEnv.databaseUrl);
  url.pathname = `/${rows[0]!.name}`;
  return openDatabase({ databaseUrl: url.toString() });
}

async function run(backend: string, database: OpenDatabase): Promise<SummaryRow[]> {
  console.log(`\n${backend}`);
  const { db } = database;
  const pushService = await startLocalPushService();
  const other = await secondPool(database);
  try {
    const { publicKey } = await storedVapidKeys(db);
    const setupStarted = performance.now();
    const subscriptions = await parallel(Array.from({ length: TOTAL }), 16, () => pushService.subscribe(publicKey));
    const users = await db
      .insertInto('users')
      .values(Array.from({ length: TOTAL }, (_, i) => ({ email: `push-bench-${i}@example.com`, first_name: 'Bench', last_name: `Member ${i}` })))
      .returning('id')
      .execute();
    const now = Date.now();
    const events = await db
      .insertInto('events')
      .values(
        Array.from({ length: EVENTS }, (_, i) => ({
          name: `Reminder bench ${i}`,
          // 59 to 60 minutes ahead: all due within the coming minute.
          date_time: new Date(now + 59 * MINUTE + Math.floor((i / EVENTS) * MINUTE)),
          source_type: 'PARTNER' as const,
          join_secret: `bench-${i}`,
        })),
      )
      .returning('id')
      .execute();
    const byUser = users.map((user, i) => ({ userId: user.id, eventId: events[Math.floor(i / PER_EVENT)]!.id, subscription: subscriptions[i]! }));
    await inBatches(byUser, 1000, (batch) =>
      db
        .insertInto('event_attendees')
        .values(batch.map((row) => ({ event_id: row.eventId, user_id: row.userId, goal: 'Meet two people who ship offline-first apps' })))
        .execute(),
    );
    await inBatches(byUser, 1000, (batch) =>
      db
        .insertInto('push_subscriptions')
        .values(
          batch.map(({ userId, subscription }) => ({
            user_id: userId,
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
          })),
        )
        .execute(),
    );
    console.log(`  set up ${TOTAL} members with a device at ${EVENTS} events in ${ms(performance.now() - setupStarted)} ms`);

    const config = parseEnv({ LOG_LEVEL: 'silent', PUSH_ALLOWED_ORIGINS: pushService.origin });
    const logger = createLogger('error');
    const started = performance.now();
    const schedulers = [db, ...(other ? [other.db] : [])].map((handle) => startPushScheduler({ db: handle, config, logger }));
    let sent = 0;
    while (performance.now() - started < BUDGET_MS * 2) {
      const row = await db.selectFrom('push_reminders').select(db.fn.countAll<string>().as('n')).where('sent_at', 'is not', null).executeTakeFirstOrThrow();
      sent = Number(row.n);
      if (sent >= TOTAL) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const elapsed = performance.now() - started;
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));

    const counts = await parallel(
      byUser,
      16,
      async ({ subscription }: { subscription: LocalSubscription }) => (await pushService.messages(subscription)).length,
    );
    const once = counts.filter((n) => n === 1).length;
    const twice = counts.filter((n) => n > 1).length;
    const missing = counts.filter((n) => n === 0).length;
    const met = once === TOTAL && elapsed <= BUDGET_MS;
    console.log(`  ${schedulers.length} scheduler(s); ${sent} of ${TOTAL} marked sent in ${ms(elapsed)} ms (${machineLoad()})`);
    console.log(`  devices with exactly one reminder: ${once}; more than one: ${twice}; none: ${missing} (budget all once within 60 s: ${verdict(met)})`);
    return [
      {
        label: `reminders, ${TOTAL} due at once, ${backend}`,
        figure: `${ms(elapsed)} ms, ${once} once, ${twice} twice, ${missing} missing`,
        budget: 'all once <= 60 s',
        verdict: verdict(met),
      },
    ];
  } finally {
    await other?.close();
    await pushService.close();
  }
}

export async function runPushReminders(): Promise<SummaryRow[]> {
  console.log(heading('Event reminders: 10,000 due within one minute, sent to a local push service'));
  return onBothDatabases('push reminders', 'mingle_bench_push', run);
}

runWhenStarted(import.meta.url, runPushReminders);
