import { sql, type Kysely } from 'kysely';

/**
 * deck_changes: which attendees each deck version (0014_deck_versions.ts) changed. With it the API
 * brings an event's ranking corpus from the version it holds to the current one by reading the few
 * attendees changed since, rather than all of them again: during a reconnect storm at a large
 * event every goal edit is a new version, and re-reading 2,000 attendees' texts each time was most
 * of the deck's cost (tests/bench/reconnect-storm.ts).
 *
 * The same statement-level triggers write it: each bump of an event's version records the members
 * whose registration or profile changed, under the new version. A version has at least one row, so
 * a reader sees whether the log since its version is complete (versions are consecutive); the
 * housekeeping sweep removes rows older than an hour (no process keeps a corpus that long).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deck_changes')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull())
    // No reference to users: a member's account deletion is itself a change to record.
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deck_changes_pkey', ['event_id', 'version', 'user_id'])
    .execute();
  await defineTriggerFunctions(db, true);
}

/**
 * The trigger functions of 0014, with or without the log. `changed` is the (event, member) pairs of
 * the statement; the upserts run in event order, so two statements bumping the same events lock
 * them in the same order, and events that are gone are skipped (deleting an event deletes its
 * registrations too).
 */
async function defineTriggerFunctions(db: Kysely<unknown>, withLog: boolean): Promise<void> {
  const bump = (pairs: string) =>
    sql.raw(
      withLog
        ? `with changed as (
             select distinct c.event_id, c.user_id from (${pairs}) c
             where exists (select 1 from events e where e.id = c.event_id)
           ), bumped as (
             insert into deck_versions as d (event_id)
             select distinct event_id from changed order by event_id
             on conflict (event_id) do update set version = d.version + 1
             returning d.event_id, d.version
           )
           insert into deck_changes (event_id, version, user_id)
           select c.event_id, b.version, c.user_id from changed c join bumped b on b.event_id = c.event_id;`
        : `insert into deck_versions as d (event_id)
             select distinct changed.event_id from (${pairs}) changed
             where exists (select 1 from events e where e.id = changed.event_id) order by changed.event_id
             on conflict (event_id) do update set version = d.version + 1;`,
    );
  await sql`create or replace function deck_versions_attendees_insert() returns trigger language plpgsql as $$
    begin ${bump('select event_id, user_id from new_rows')} return null; end $$`.execute(db);
  await sql`create or replace function deck_versions_attendees_delete() returns trigger language plpgsql as $$
    begin ${bump('select event_id, user_id from old_rows')} return null; end $$`.execute(db);
  await sql`create or replace function deck_versions_attendees_update() returns trigger language plpgsql as $$
    begin ${bump(`select n.event_id, n.user_id from new_rows n union all select o.event_id, o.user_id from old_rows o`)} return null; end $$`.execute(db);
  await sql`create or replace function deck_versions_users_update() returns trigger language plpgsql as $$
    begin ${bump(`select ea.event_id, ea.user_id from new_rows n join old_rows o on o.id = n.id
        join event_attendees ea on ea.user_id = n.id
        where (n.role, n.story, n.location, n.location_id, n.first_name, n.last_name, n.image_url)
          is distinct from (o.role, o.story, o.location, o.location_id, o.first_name, o.last_name, o.image_url)`)} return null; end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await defineTriggerFunctions(db, false);
  await db.schema.dropTable('deck_changes').ifExists().execute();
}
