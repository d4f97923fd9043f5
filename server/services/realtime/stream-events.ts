import { sql, type Kysely, type Transaction } from 'kysely';
import { STREAM_EVENTS_KEPT_MS, type StreamEvents, type StreamEventType } from '../../../contract/stream';
import type { Database } from '../../db/schema';
import { STREAM_CHANNEL } from './postgres-bus';

/** An event for one member's streams (contract/stream.ts). */
export type StreamEventInput = {
  [T in StreamEventType]: {
    userId: string;
    type: T;
    data: StreamEvents[T];
    /** The session that caused it: its own streams are not sent it (the sender's device has it already). */
    skipSession?: string | null;
  };
}[StreamEventType];

export interface StoredStreamEvent {
  id: number;
  type: StreamEventType;
  data: unknown;
  skipSession: string | null;
}

/**
 * Stores events for their members' streams, inside the caller's transaction, in the given order.
 * Each member's events are inserted under a lock per member held to the commit (taken in one
 * order, so two publishers never wait on each other), so that a member's ids become visible in
 * the order they grow (migration 0028). Members who no longer exist are left out. With
 * PostgreSQL's bus the commit also NOTIFYs each member (postgres-bus.ts). Returns the members
 * to announce to after the commit (in-process bus).
 */
export async function insertStreamEvents(
  trx: Transaction<Database>,
  events: readonly StreamEventInput[],
  now: Date,
  notifyInDatabase: boolean,
): Promise<string[]> {
  if (events.length === 0) return [];
  const userIds = [...new Set(events.map((event) => event.userId))].sort();
  for (const userId of userIds) await sql`select pg_advisory_xact_lock(hashtextextended(${`stream:${userId}`}, 0))`.execute(trx);
  const rows = JSON.stringify(
    events.map((event, ord) => ({ ord, user_id: event.userId, type: event.type, data: event.data, skip_session: event.skipSession ?? null })),
  );
  const inserted = await sql<{ id: string | number; user_id: string }>`
    insert into stream_events (user_id, type, data, skip_session, created_at)
    select e.user_id, e.type, e.data, e.skip_session, ${now}
    from jsonb_to_recordset(${rows}::jsonb) as e(ord int, user_id uuid, type text, data jsonb, skip_session text)
    where exists (select 1 from users u where u.id = e.user_id)
    order by e.ord
    returning id, user_id`.execute(trx);
  if (notifyInDatabase && inserted.rows.length > 0) {
    const payloads = inserted.rows.map((row) => `${row.user_id}:${String(row.id)}`);
    await sql`select pg_notify(${STREAM_CHANNEL}, p) from unnest(${payloads}::text[]) as p`.execute(trx);
  }
  return [...new Set(inserted.rows.map((row) => row.user_id))];
}

/** The member's events after `afterId`, oldest first, at most `limit`. */
export async function streamEventsAfter(db: Kysely<Database>, userId: string, afterId: number, limit: number): Promise<StoredStreamEvent[]> {
  const rows = await db
    .selectFrom('stream_events')
    .select(['id', 'type', 'data', 'skip_session'])
    .where('user_id', '=', userId)
    .where('id', '>', String(afterId))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), type: row.type as StreamEventType, data: row.data, skipSession: row.skip_session }));
}

/** Where a stream starts: the member's last event id (0 without any). */
export async function lastStreamEventId(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('stream_events')
    .select(sql<string | number>`coalesce(max(id), 0)`.as('id'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Whether a stream resumed after `lastId` may have missed events: the events after it were pruned,
 * or the id is beyond any ever given (a stream of another database). Then the first event is 'reset'.
 */
export async function resumeNeedsReset(db: Kysely<Database>, lastId: number): Promise<boolean> {
  const { rows } = await sql<{ pruned: string | number; last: string | number }>`
    select (select pruned_through from stream_horizon where id = 1) as pruned,
           greatest((select coalesce(max(id), 0) from stream_events), (select pruned_through from stream_horizon where id = 1)) as last`.execute(db);
  const row = rows[0];
  if (!row) return true;
  return lastId < Number(row.pruned) || lastId > Number(row.last);
}

/**
 * Deletes the events older than STREAM_EVENTS_KEPT_MS and moves the horizon to the last id deleted.
 * Cheap (an index on created_at); run now and then by the publishers (realtime.ts).
 */
export async function pruneStreamEvents(db: Kysely<Database>, now: Date): Promise<void> {
  const before = new Date(now.getTime() - STREAM_EVENTS_KEPT_MS);
  await sql`
    with gone as (delete from stream_events where created_at < ${before} returning id)
    update stream_horizon set pruned_through = greatest(pruned_through, coalesce((select max(id) from gone), 0)) where id = 1`.execute(db);
}
