import { sql, type Kysely } from 'kysely';

/**
 * Meetings in person at an event (server/services/meetings). A meeting is a row between the member
 * who asked and the one asked; while it is accepted, each of the two holds its time in
 * meeting_holds, whose exclusion constraint lets no member hold two overlapping times: whatever
 * the number of processes and concurrent accepts, the database refuses a double booking
 * (docs/decisions.md, 'No double booking'). Events gain their time zone, in which meeting times
 * are offered and shown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gist`.execute(db);
  await db.schema.alterTable('events').addColumn('time_zone', 'text').execute();

  await db.schema
    .createTable('meetings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('requester_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('requested', 'accepted', 'declined', 'cancelled')`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    // Whose answer the request or the proposal waits for; null when nothing waits.
    .addColumn('awaiting_id', 'uuid')
    // A new time or place proposed for an accepted meeting, by proposed_by.
    .addColumn('proposed_by', 'uuid')
    .addColumn('proposed_starts_at', 'timestamptz')
    .addColumn('proposed_ends_at', 'timestamptz')
    .addColumn('proposed_place', 'text')
    .addColumn('note', 'text')
    .addColumn('closed_by', 'uuid')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('meetings_two_members', sql`requester_id <> invitee_id`)
    .addCheckConstraint('meetings_ends_after_start', sql`ends_at > starts_at`)
    .execute();
  // Each member's meetings, at an event and across events, newest first.
  await db.schema.createIndex('meetings_requester_idx').on('meetings').columns(['requester_id', 'event_id', 'starts_at']).execute();
  await db.schema.createIndex('meetings_invitee_idx').on('meetings').columns(['invitee_id', 'event_id', 'starts_at']).execute();

  await db.schema
    .createTable('meeting_holds')
    .addColumn('meeting_id', 'uuid', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('during', sql`tstzrange`, (c) => c.notNull())
    .addPrimaryKeyConstraint('meeting_holds_pkey', ['meeting_id', 'user_id'])
    .execute();
  await sql`alter table meeting_holds add constraint meeting_holds_no_overlap exclude using gist (user_id with =, during with &&)`.execute(db);

  await db.schema
    .createTable('meeting_outcomes')
    .addColumn('meeting_id', 'uuid', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('met', 'missed')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('meeting_outcomes_pkey', ['meeting_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('meeting_outcomes').ifExists().execute();
  await db.schema.dropTable('meeting_holds').ifExists().execute();
  await db.schema.dropTable('meetings').ifExists().execute();
  await db.schema.alterTable('events').dropColumn('time_zone').execute();
}
