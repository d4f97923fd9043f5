/**
 * Benchmark: meetings at one event of 100 members (in process, no HTTP; the services the routes
 * call), on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL:
 * - 500 requests at overlapping times, a fifth of them answered with another time, then all 500
 *   accepted at once by whoever the answer waits on: the double bookings the database holds
 *   afterwards (must be 0) and how the accepts ended;
 * - an accept one at a time (p95; target under 50 ms);
 * - a member's meetings list with 50 meetings (p95; target under 20 ms).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { OpenDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { ApiError } from '../../server/http/api-error';
import { acceptMeeting, proposeMeeting } from '../../server/services/meetings/meeting-answers';
import { meetingsOf } from '../../server/services/meetings/meeting-json';
import { requestMeeting } from '../../server/services/meetings/meeting-request';
import { onBothDatabases } from './on-both-databases';
import { heading, machineLoad, ms, runWhenStarted, stats, table, verdict, type SummaryRow } from './report';

const MEMBERS = 100;
const REQUESTS = 500;
/** Starts 15 minutes apart for 30-minute meetings: each overlaps its neighbours. */
const SLOTS = 12;
const SEQUENTIAL_ACCEPTS = 100;
const LIST_MEETINGS = 50;
const LIST_RUNS = 100;
const ACCEPT_BUDGET_MS = 50;
const LIST_BUDGET_MS = 20;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function makeEvent(db: Kysely<Database>, now: Date) {
  const start = new Date(Math.ceil((now.getTime() + 24 * HOUR) / HOUR) * HOUR);
  const event = await db
    .insertInto('events')
    .values({ name: 'Bench Meetup', date_time: start, end_date_time: new Date(start.getTime() + 10 * HOUR), source_type: 'PARTNER', join_secret: randomUUID() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = Array.from({ length: MEMBERS }, () => randomUUID());
  await db
    .insertInto('users')
    .values(
      ids.map((id, i) => ({
        id,
        email: `bench-meet-${i}-${id.slice(0, 6)}@example.com`,
        first_name: `Member${i}`,
        last_name: 'Bench',
        role: 'Engineer',
        story: 'I build things.',
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('event_attendees')
    .values(ids.map((user_id) => ({ event_id: event.id, user_id, joined_at: now })))
    .execute();
  await sql`analyze`.execute(db);
  const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE).toISOString();
  return { eventId: event.id, ids, at };
}

/** Accepted meetings of one member that overlap another of theirs: what must never exist. */
async function doubleBookings(db: Kysely<Database>, eventId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from meetings a join meetings b on a.id < b.id
      and (a.requester_id in (b.requester_id, b.invitee_id) or a.invitee_id in (b.requester_id, b.invitee_id))
      and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
    where a.state = 'accepted' and b.state = 'accepted' and a.event_id = ${eventId} and b.event_id = ${eventId}`.execute(db);
  return rows[0]!.n;
}

async function measure(database: OpenDatabase) {
  const { db } = database;
  const now = new Date();
  const { eventId, ids, at } = await makeEvent(db, now);
  const place = 'Table 12';
  // 500 requests, five per member, at one of 12 overlapping times; every fifth answered with another.
  const waiting: Array<{ id: string; awaiting: string }> = [];
  for (let i = 0; i < REQUESTS; i++) {
    const from = ids[i % MEMBERS]!;
    // Someone else each time: an offset of 1 to 99 from the one asking.
    const invitee = ids[((i % MEMBERS) + 1 + ((i * 7) % (MEMBERS - 1))) % MEMBERS]!;
    const meeting = await requestMeeting(db, from, eventId, { inviteeId: invitee, startsAt: at(60 + 15 * (i % SLOTS)), minutes: 30, place, message: '' }, now);
    if (i % 5 === 0) {
      await proposeMeeting(db, meeting.id, invitee, { startsAt: at(60 + 15 * ((i + 5) % SLOTS)), minutes: 30, place: 'Lobby' }, now);
      waiting.push({ id: meeting.id, awaiting: from });
    } else {
      waiting.push({ id: meeting.id, awaiting: invitee });
    }
  }
  const outcomes = { accepted: 0, refused: 0, failed: 0 };
  const concurrentStarted = performance.now();
  const latencies = await Promise.all(
    waiting.map(async ({ id, awaiting }) => {
      const started = performance.now();
      try {
        await acceptMeeting(db, id, awaiting, {}, now);
        outcomes.accepted++;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) outcomes.refused++;
        else {
          outcomes.failed++;
          console.error('bench: an accept failed:', error);
        }
      }
      return performance.now() - started;
    }),
  );
  const concurrentMs = performance.now() - concurrentStarted;
  const doubles = await doubleBookings(db, eventId);

  // One accept at a time: requests in the event's later hours, which nothing else holds.
  const sequential: number[] = [];
  for (let i = 0; i < SEQUENTIAL_ACCEPTS; i++) {
    const from = ids[i % MEMBERS]!;
    const to = ids[(i + 50) % MEMBERS]!;
    const meeting = await requestMeeting(db, from, eventId, { inviteeId: to, startsAt: at(6 * 60 + 15 * (i % 8) * 2), minutes: 15, place, message: '' }, now);
    const started = performance.now();
    try {
      await acceptMeeting(db, meeting.id, to, {}, now);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    sequential.push(performance.now() - started);
  }

  // A member with 50 meetings (whatever their states) and the list of them.
  const lister = randomUUID();
  await db
    .insertInto('users')
    .values({ id: lister, email: `bench-lister-${lister.slice(0, 6)}@example.com`, first_name: 'Lister', last_name: 'Bench', created_at: now, updated_at: now })
    .execute();
  const states = ['requested', 'accepted', 'declined', 'cancelled'] as const;
  await db
    .insertInto('meetings')
    .values(
      Array.from({ length: LIST_MEETINGS }, (_, i) => ({
        event_id: eventId,
        requester_id: i % 2 === 0 ? lister : ids[i]!,
        invitee_id: i % 2 === 0 ? ids[i]! : lister,
        state: states[i % states.length]!,
        starts_at: at(15 * i),
        ends_at: at(15 * i + 15),
        place,
        awaiting_id: i % 4 === 0 ? ids[i]! : null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const list: number[] = [];
  let listed = 0;
  for (let i = 0; i < LIST_RUNS + 5; i++) {
    const started = performance.now();
    listed = (await meetingsOf(db, lister, now)).length;
    if (i >= 5) list.push(performance.now() - started);
  }
  return { outcomes, doubles, concurrentMs, concurrent: stats(latencies), sequential: stats(sequential), list: stats(list), listed };
}

function print(backend: string, r: Awaited<ReturnType<typeof measure>>): SummaryRow[] {
  console.log(`\n${backend}: ${MEMBERS} members, ${REQUESTS} requests at ${SLOTS} overlapping times; ${machineLoad()}`);
  console.log(
    `${REQUESTS} accepts at once in ${ms(r.concurrentMs)} ms: ${r.outcomes.accepted} accepted, ${r.outcomes.refused} refused (409), ${r.outcomes.failed} failed; ` +
      `double bookings in the database: ${r.doubles}`,
  );
  console.log(
    table(
      ['milliseconds', 'runs', 'mean', 'p50', 'p95', 'max', 'budget'],
      [
        [
          'accept, 500 at once (waits included)',
          String(r.concurrent.count),
          ms(r.concurrent.mean),
          ms(r.concurrent.p50),
          ms(r.concurrent.p95),
          ms(r.concurrent.max),
          '',
        ],
        [
          'accept, one at a time',
          String(r.sequential.count),
          ms(r.sequential.mean),
          ms(r.sequential.p50),
          ms(r.sequential.p95),
          ms(r.sequential.max),
          `${ACCEPT_BUDGET_MS}`,
        ],
        [`list of ${r.listed} meetings`, String(r.list.count), ms(r.list.mean), ms(r.list.p50), ms(r.list.p95), ms(r.list.max), `${LIST_BUDGET_MS}`],
      ],
    ),
  );
  return [
    {
      label: `meetings: double bookings after 500 accepts at once, ${backend}`,
      figure: String(r.doubles),
      budget: '0',
      verdict: verdict(r.doubles === 0 && r.outcomes.failed === 0),
    },
    {
      label: `meetings: an accept, ${backend}`,
      figure: `p95 ${ms(r.sequential.p95)} ms`,
      budget: `< ${ACCEPT_BUDGET_MS} ms`,
      verdict: verdict(r.sequential.p95 < ACCEPT_BUDGET_MS),
    },
    {
      label: `meetings: a list of 50, ${backend}`,
      figure: `p95 ${ms(r.list.p95)} ms`,
      budget: `< ${LIST_BUDGET_MS} ms`,
      verdict: verdict(r.list.p95 < LIST_BUDGET_MS),
    },
  ];
}

export async function runMeetings(): Promise<SummaryRow[]> {
  console.log(heading('Meetings at an event of 100 members: 500 accepts at once, an accept, a list of 50 (in process, no HTTP)'));
  return onBothDatabases('meetings', 'bench_meetings', async (backend, database) => print(backend, await measure(database)));
}

runWhenStarted(import.meta.url, runMeetings);
