import { sql, type Kysely } from 'kysely';

/**
 * What meetings tell their members (server/services/meetings/meeting-notices.ts, docs/product.md
 * 'Meetings').
 *
 * push_settings.meetings: the 'Meetings' switch of the notification settings, on until changed.
 *
 * meeting_reminders: the reminders 10 minutes before an accepted meeting, claimed for sending as
 * push_reminders are: the primary key is the claim, so one process of many gets each (meeting,
 * member, start); a meeting moved to a new time is reminded of again.
 *
 * meetings.requester_id and invitee_id: a member who deletes their account leaves the other's
 * meeting behind, cancelled, with no one on their side (docs/decisions.md, 'Meetings'): the
 * column is set to null instead of the row going with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('push_settings')
    .addColumn('meetings', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('meeting_reminders')
    .addColumn('meeting_id', 'uuid', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('meeting_reminders_pk', ['meeting_id', 'user_id', 'starts_at'])
    .execute();
  // Only unsent claims are looked for (lease takeover); sent ones are never read again.
  await sql`create index meeting_reminders_unsent_idx on meeting_reminders (claimed_at) where sent_at is null`.execute(db);

  // What the background pass looks for every 30 s: meetings still open (to remind of, or to close at
  // an event's end) by their start, and new times still waiting for an answer.
  await sql`create index meetings_open_starts_idx on meetings (starts_at) where state in ('requested', 'accepted')`.execute(db);
  await sql`create index meetings_proposed_idx on meetings (event_id) where proposed_by is not null`.execute(db);

  for (const column of ['requester_id', 'invitee_id']) {
    await sql`alter table meetings alter column ${sql.ref(column)} drop not null`.execute(db);
    await sql`alter table meetings drop constraint ${sql.ref(`meetings_${column}_fkey`)}`.execute(db);
    await sql`alter table meetings add constraint ${sql.ref(`meetings_${column}_fkey`)}
      foreign key (${sql.ref(column)}) references users (id) on delete set null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from meetings where requester_id is null or invitee_id is null`.execute(db);
  for (const column of ['requester_id', 'invitee_id']) {
    await sql`alter table meetings drop constraint ${sql.ref(`meetings_${column}_fkey`)}`.execute(db);
    await sql`alter table meetings add constraint ${sql.ref(`meetings_${column}_fkey`)}
      foreign key (${sql.ref(column)}) references users (id) on delete cascade`.execute(db);
    await sql`alter table meetings alter column ${sql.ref(column)} set not null`.execute(db);
  }
  await sql`drop index if exists meetings_proposed_idx`.execute(db);
  await sql`drop index if exists meetings_open_starts_idx`.execute(db);
  await db.schema.dropTable('meeting_reminders').ifExists().execute();
  await db.schema.alterTable('push_settings').dropColumn('meetings').execute();
}
