import { sql, type Kysely } from 'kysely';

/**
 * The event stream's events (server/services/realtime, contract/stream.ts): one row per event and
 * member, kept STREAM_EVENTS_KEPT_MS for a dropped stream to resume from. The id grows; a
 * member's events are inserted under a lock per member held to the commit, so their ids also
 * grow in the order they become visible, and a stream that read up to an id never misses a
 * smaller one committed later. skip_session: the session that caused the event (the sender's
 * own device), whose streams are not sent it. stream_horizon.pruned_through: the last id pruned,
 * below which a resume may have missed events and is told 'reset'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stream_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('skip_session', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index stream_events_user_idx on stream_events (user_id, id)`.execute(db);
  await sql`create index stream_events_created_idx on stream_events (created_at)`.execute(db);

  await db.schema
    .createTable('stream_horizon')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('pruned_through', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into stream_horizon (id, pruned_through) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stream_horizon').ifExists().execute();
  await db.schema.dropTable('stream_events').ifExists().execute();
}
