import { sql, type Kysely } from 'kysely';

/**
 * deck_versions (the deck ranked best first; server/services/deck/deck-ranking.ts): a counter
 * per event that changes whenever anything the deck's ranking corpus reads of its attendees
 * changes: who attends and their goals (event_attendees) and their profiles (users: role, story,
 * place, name, picture). The API keeps each event's indexed corpus in memory and asks only this
 * counter per request (one primary-key read) instead of reading every attendee's texts. Kept by
 * statement-level triggers with transition tables (a bulk insert of registrations is one upsert);
 * no row means version 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deck_versions')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
    .execute();

  // Upserts in event order: two statements bumping the same events lock them in the same order.
  // Events that are gone are skipped: deleting an event deletes its registrations too.
  const bump = (events: string) =>
    sql.raw(`insert into deck_versions as d (event_id)
      select distinct changed.event_id from (${events}) changed
      where exists (select 1 from events e where e.id = changed.event_id) order by changed.event_id
      on conflict (event_id) do update set version = d.version + 1;`);
  await sql`create function deck_versions_attendees_insert() returns trigger language plpgsql as $$
    begin ${bump('select event_id from new_rows')} return null; end $$`.execute(db);
  await sql`create function deck_versions_attendees_delete() returns trigger language plpgsql as $$
    begin ${bump('select event_id from old_rows')} return null; end $$`.execute(db);
  await sql`create function deck_versions_attendees_update() returns trigger language plpgsql as $$
    begin ${bump(`select n.event_id from new_rows n union all select o.event_id from old_rows o`)} return null; end $$`.execute(db);
  await sql`create function deck_versions_users_update() returns trigger language plpgsql as $$
    begin ${bump(`select ea.event_id from new_rows n join old_rows o on o.id = n.id
        join event_attendees ea on ea.user_id = n.id
        where (n.role, n.story, n.location, n.location_id, n.first_name, n.last_name, n.image_url)
          is distinct from (o.role, o.story, o.location, o.location_id, o.first_name, o.last_name, o.image_url)`)} return null; end $$`.execute(db);

  await sql`create trigger event_attendees_deck_insert after insert on event_attendees
    referencing new table as new_rows for each statement execute function deck_versions_attendees_insert()`.execute(db);
  await sql`create trigger event_attendees_deck_delete after delete on event_attendees
    referencing old table as old_rows for each statement execute function deck_versions_attendees_delete()`.execute(db);
  await sql`create trigger event_attendees_deck_update after update on event_attendees
    referencing old table as old_rows new table as new_rows for each statement execute function deck_versions_attendees_update()`.execute(db);
  await sql`create trigger users_deck_update after update on users
    referencing old table as old_rows new table as new_rows for each statement execute function deck_versions_users_update()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists event_attendees_deck_insert on event_attendees`.execute(db);
  await sql`drop trigger if exists event_attendees_deck_delete on event_attendees`.execute(db);
  await sql`drop trigger if exists event_attendees_deck_update on event_attendees`.execute(db);
  await sql`drop trigger if exists users_deck_update on users`.execute(db);
  for (const name of ['attendees_insert', 'attendees_delete', 'attendees_update', 'users_update']) {
    await sql`drop function if exists ${sql.raw(`deck_versions_${name}`)}()`.execute(db);
  }
  await db.schema.dropTable('deck_versions').ifExists().execute();
}
