/**
 * Benchmark: messages and the event stream (docs/product.md, 'Messages'; contract/stream.ts).
 * - Across two server processes on one PostgreSQL (BENCH_DATABASE_URL): the time from a message's
 *   send through one process to its event on a stream open on the other (p50, p95; target p95
 *   under 200 ms).
 * - 1,000 streams open on one server process (the embedded database): the process's memory growth
 *   (target under 100 MB), and one message to the member whose 1,000 devices hold them, until
 *   every stream has it (target within 2 s).
 * - A member's conversation list with 200 conversations, in process (p95; target under 20 ms), on
 *   PGlite and, with BENCH_DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { OpenDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { conversationsOf } from '../../server/services/messages/conversations';
import { createSession } from '../../server/services/sign-in/sessions';
import { readEventStream, type OpenStream } from '../../server/test/helpers/event-stream';
import { openProcessDatabase } from '../../server/test/helpers/process-database';
import { benchEnv } from './env';
import { onBothDatabases } from './on-both-databases';
import { Cleanup, startAppServer, type AppServer } from './processes';
import { heading, machineLoad, ms, runWhenStarted, stats, table, verdict, type SummaryRow } from './report';

const CROSS_MESSAGES = 200;
const CROSS_BUDGET_MS = 200;
const STREAMS = 1_000;
const STREAMS_MEMORY_BUDGET_MB = 100;
const FAN_OUT_BUDGET_MS = 2_000;
const CONVERSATIONS = 200;
const MESSAGES_EACH = 5;
const LIST_RUNS = 100;
const LIST_BUDGET_MS = 20;
const MB = 1024 * 1024;

/** Members with a session each (written directly: the bench measures messages, not sign-in). */
async function membersWithSessions(db: Kysely<Database>, count: number, label: string, sessionsEach = 1) {
  const now = new Date();
  const ids = Array.from({ length: count }, () => randomUUID());
  await db
    .insertInto('users')
    .values(
      ids.map((id, i) => ({
        id,
        email: `bench-${label}-${i}-${id.slice(0, 8)}@example.com`,
        first_name: `${label}${i}`,
        last_name: 'Bench',
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const cookies: string[][] = [];
  for (const id of ids) {
    const own: string[] = [];
    for (let s = 0; s < sessionsEach; s++) own.push(`sid=${await createSession(db, id, now)}`);
    cookies.push(own);
  }
  return { ids, cookies };
}

async function connectAll(db: Kysely<Database>, one: string, others: readonly string[]) {
  await db
    .insertInto('connections')
    .values(others.map((other) => (one < other ? { user_a_id: one, user_b_id: other } : { user_a_id: other, user_b_id: one })))
    .execute();
}

const serverEnv = (extra: Record<string, string>) => ({
  SEED_DEMO: 'false',
  LOG_LEVEL: 'error',
  WRITE_LIMIT_FACTOR: '1000',
  DIST_DIR: join(tmpdir(), `mingle-no-dist-${randomUUID()}`),
  ...extra,
});

const send = (server: AppServer, cookie: string, to: string, text: string) =>
  fetch(`${server.origin}/api/conversations/${to}/messages/${randomUUID()}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });

const openStream = async (server: AppServer, cookie: string): Promise<OpenStream> =>
  readEventStream(await fetch(`${server.origin}/api/stream`, { headers: { cookie } }));

/** A message sent through one process, received on a stream of the other: CROSS_MESSAGES times, one at a time. */
async function crossProcess(serverUrl: string) {
  const cleanup = new Cleanup();
  try {
    const database = await openProcessDatabase(serverUrl);
    cleanup.add(() => database.close());
    // Senders take turns: five in a row to a member who has not answered is the limit.
    const { reader, senders } = await database.withDatabase(async (db) => {
      const readers = await membersWithSessions(db, 1, 'reader');
      const sending = await membersWithSessions(db, CROSS_MESSAGES / 4, 'sender');
      await connectAll(db, readers.ids[0]!, sending.ids);
      return {
        reader: { id: readers.ids[0]!, cookie: readers.cookies[0]![0]! },
        senders: sending.ids.map((id, i) => ({ id, cookie: sending.cookies[i]![0]! })),
      };
    });
    const [one, two] = await Promise.all([
      startAppServer(serverEnv(database.serverEnv), { apiOnly: true }),
      startAppServer(serverEnv(database.serverEnv), { apiOnly: true }),
    ]);
    cleanup.add(() => one.stop());
    cleanup.add(() => two.stop());
    const stream = await openStream(one, reader.cookie);
    cleanup.add(() => stream.close());
    // Warm both processes (connections, statements).
    for (let i = 0; i < 5; i++) {
      await send(two, senders[i]!.cookie, reader.id, 'warm-up');
      await stream.next('message', 10_000);
    }
    const samples: number[] = [];
    for (let i = 0; i < CROSS_MESSAGES; i++) {
      const sender = senders[(i + 5) % senders.length]!;
      const started = performance.now();
      const res = await send(two, sender.cookie, reader.id, `Message ${i}`);
      if (res.status !== 201) throw new Error(`bench: send answered ${res.status} ${await res.text()}`);
      await stream.next('message', 10_000);
      samples.push(performance.now() - started);
    }
    return stats(samples);
  } finally {
    await cleanup.run();
  }
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** STREAMS streams of one member's devices on one process (the embedded database), then one message to them. */
async function manyStreams() {
  const cleanup = new Cleanup();
  try {
    const database = await openProcessDatabase(undefined);
    cleanup.add(() => database.close());
    const { member, sender } = await database.withDatabase(async (db) => {
      const devices = await membersWithSessions(db, 1, 'devices', STREAMS);
      const sending = await membersWithSessions(db, 1, 'sender');
      await connectAll(db, devices.ids[0]!, sending.ids);
      return { member: { id: devices.ids[0]!, cookies: devices.cookies[0]! }, sender: { id: sending.ids[0]!, cookie: sending.cookies[0]![0]! } };
    });
    const server = await startAppServer(serverEnv(database.serverEnv), { apiOnly: true });
    cleanup.add(() => server.stop());
    // Settle after start (the embedded database's first vacuum runs once it listens).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const before = rssOf(server.pid);
    const streams: OpenStream[] = [];
    cleanup.add(() => Promise.all(streams.map((stream) => stream.close())));
    const openingStarted = performance.now();
    for (let i = 0; i < STREAMS; i += 50) streams.push(...(await Promise.all(member.cookies.slice(i, i + 50).map((cookie) => openStream(server, cookie)))));
    const openingMs = performance.now() - openingStarted;
    if (streams.some((stream) => stream.status !== 200)) throw new Error('bench: a stream did not open');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const open = rssOf(server.pid);
    const started = performance.now();
    const res = await send(server, sender.cookie, member.id, 'To every device');
    if (res.status !== 201) throw new Error(`bench: send answered ${res.status}`);
    const arrivals = await Promise.all(streams.map(async (stream) => (await stream.next('message', 30_000), performance.now() - started)));
    const after = rssOf(server.pid);
    return { before, open, after, openingMs, arrivals: stats(arrivals) };
  } finally {
    await cleanup.run();
  }
}

/** A member with CONVERSATIONS conversations of MESSAGES_EACH messages each, and their list. */
async function conversationList(database: OpenDatabase) {
  const { db } = database;
  const now = Date.now();
  const { ids } = await membersWithSessions(db, CONVERSATIONS + 1, 'lists');
  const [me, ...others] = ids as [string, ...string[]];
  await connectAll(db, me, others);
  const rows = others.flatMap((other, c) =>
    Array.from({ length: MESSAGES_EACH }, (_, m) => ({
      id: randomUUID(),
      sender_id: m % 2 === 0 ? other : me,
      recipient_id: m % 2 === 0 ? me : other,
      text: `Message ${m} of conversation ${c}`,
      sent_at: new Date(now - (c * MESSAGES_EACH + m) * 60_000),
    })),
  );
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('messages')
      .values(rows.slice(i, i + 500))
      .execute();
  await db
    .insertInto('message_conversations')
    .values(
      others.flatMap((other, c) => [
        { user_id: me, other_id: other, last_at: new Date(now - c * MESSAGES_EACH * 60_000) },
        { user_id: other, other_id: me, last_at: new Date(now - c * MESSAGES_EACH * 60_000) },
      ]),
    )
    .execute();
  await sql`analyze`.execute(db);
  const samples: number[] = [];
  let listed = 0;
  for (let i = 0; i < LIST_RUNS + 5; i++) {
    const started = performance.now();
    listed = (await conversationsOf(db, me)).length;
    if (i >= 5) samples.push(performance.now() - started);
  }
  return { listed, list: stats(samples) };
}

export async function runMessages(): Promise<SummaryRow[]> {
  console.log(heading('Messages: send to receipt across two processes, 1,000 open streams on one process, a list of 200 conversations'));
  const summary: SummaryRow[] = [];

  if (benchEnv.databaseUrl) {
    const cross = await crossProcess(benchEnv.databaseUrl);
    console.log(`\nTwo server processes on one PostgreSQL (BENCH_DATABASE_URL); ${machineLoad()}`);
    console.log(
      table(
        ['milliseconds', 'runs', 'mean', 'p50', 'p95', 'max', 'budget'],
        [['send on one, event on the other', String(cross.count), ms(cross.mean), ms(cross.p50), ms(cross.p95), ms(cross.max), `p95 ${CROSS_BUDGET_MS}`]],
      ),
    );
    summary.push({
      label: 'messages: send to receipt across two processes, PostgreSQL',
      figure: `p50 ${ms(cross.p50)} ms, p95 ${ms(cross.p95)} ms`,
      budget: `p95 < ${CROSS_BUDGET_MS} ms`,
      verdict: verdict(cross.p95 < CROSS_BUDGET_MS),
    });
  } else {
    console.log('\nAcross processes: skipped. Set BENCH_DATABASE_URL=postgres://user@host:port/postgres to measure it.');
    summary.push({ label: 'messages: send to receipt across two processes', figure: 'skipped (BENCH_DATABASE_URL unset)', budget: '', verdict: '' });
  }

  const many = await manyStreams();
  const growthMb = (many.after - many.before) / MB;
  console.log(`\n${STREAMS} streams of one member's devices on one server process (the embedded database); ${machineLoad()}`);
  console.log(
    `memory (RSS): ${(many.before / MB).toFixed(0)} MB before, ${(many.open / MB).toFixed(0)} MB with the streams open, ${(many.after / MB).toFixed(0)} MB after the message ` +
      `(growth ${growthMb.toFixed(0)} MB); opened in ${ms(many.openingMs)} ms`,
  );
  console.log(
    table(
      ['milliseconds', 'streams', 'p50', 'p95', 'max', 'budget'],
      [
        [
          'one message, until each stream had it',
          String(many.arrivals.count),
          ms(many.arrivals.p50),
          ms(many.arrivals.p95),
          ms(many.arrivals.max),
          `max ${FAN_OUT_BUDGET_MS}`,
        ],
      ],
    ),
  );
  summary.push(
    {
      label: `messages: memory growth with ${STREAMS} streams open`,
      figure: `${growthMb.toFixed(0)} MB`,
      budget: `< ${STREAMS_MEMORY_BUDGET_MB} MB`,
      verdict: verdict(growthMb < STREAMS_MEMORY_BUDGET_MB),
    },
    {
      label: `messages: one message to ${STREAMS} streams, the last`,
      figure: `${ms(many.arrivals.max)} ms`,
      budget: `< ${FAN_OUT_BUDGET_MS} ms`,
      verdict: verdict(many.arrivals.max < FAN_OUT_BUDGET_MS),
    },
  );

  summary.push(
    ...(await onBothDatabases('the conversation list', 'bench_messages', async (backend, database) => {
      const r = await conversationList(database);
      console.log(`\n${backend}: a member with ${r.listed} conversations of ${MESSAGES_EACH} messages; ${machineLoad()}`);
      console.log(
        table(
          ['milliseconds', 'runs', 'mean', 'p50', 'p95', 'max', 'budget'],
          [[`list of ${r.listed} conversations`, String(r.list.count), ms(r.list.mean), ms(r.list.p50), ms(r.list.p95), ms(r.list.max), `${LIST_BUDGET_MS}`]],
        ),
      );
      return [
        {
          label: `messages: a list of ${CONVERSATIONS} conversations, ${backend}`,
          figure: `p95 ${ms(r.list.p95)} ms`,
          budget: `< ${LIST_BUDGET_MS} ms`,
          verdict: verdict(r.list.p95 < LIST_BUDGET_MS),
        },
      ];
    })),
  );
  return summary;
}

runWhenStarted(import.meta.url, runMessages);
