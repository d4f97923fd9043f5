import { sql, type Kysely } from 'kysely';

/**
 * What discovery (GET events, the category, type and location counts) needs to stay fast on a
 * large catalogue:
 *
 * - events.search_text: lower-case name, organizer name and description without its markup,
 *   searched with LIKE '%term%' through a pg_trgm GIN index;
 * - events.current_until: when the event stops being current (its end, or start when it has no
 *   end, plus 6 hours: contract/event-currency.ts; 'infinity' for an event without dates, which
 *   never passes), so "not passed" is one range condition on a covering index: counting the
 *   upcoming events a member can see reads the index only, not the wide rows;
 * - join tables indexed both ways, so a filter or a count reads an index instead of the table.
 *
 * Both columns are kept by triggers rather than by the code that writes events: the demo seed,
 * the benchmark data and any later import insert events directly, and a renamed organizer must
 * reach the search text of its events too. Nothing here is a cache that can go stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PGlite loads the extension's code at start (database.ts); PostgreSQL ships it in contrib, and it
  // is a trusted extension, so the database owner may create it.
  await sql`create extension if not exists pg_trgm`.execute(db);

  // Markup removed (script and style blocks with their content), the common entities decoded,
  // white space collapsed. Only for searching; the description itself is stored unchanged.
  await sql`
    create function html_search_text(html text) returns text
    language sql immutable parallel safe as $$
      select btrim(regexp_replace(
        replace(replace(replace(replace(replace(replace(
          regexp_replace(
            regexp_replace(coalesce(html, ''), '<(script|style)[^>]*?>.*?</(script|style)[^>]*?>', ' ', 'gi'),
            '<[^>]*>', ' ', 'g'),
          '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
        '[[:space:]]+', ' ', 'g'))
    $$
  `.execute(db);

  await sql`
    create function event_search_text(name text, organizer_id uuid, description text) returns text
    language sql stable as $$
      select lower(concat_ws(' ', name, (select o.name from organizers o where o.id = organizer_id), html_search_text(description)))
    $$
  `.execute(db);

  await db.schema
    .alterTable('events')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('current_until', 'timestamptz', (c) => c.notNull().defaultTo(sql`'infinity'`))
    .execute();

  await sql`
    create function events_derived_columns() returns trigger
    language plpgsql as $$
    begin
      new.current_until := coalesce(coalesce(new.end_date_time, new.date_time) + interval '6 hours', 'infinity');
      new.search_text := event_search_text(new.name, new.organizer_id, new.description);
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger events_derived_columns
    before insert or update of name, description, organizer_id, date_time, end_date_time on events
    for each row execute function events_derived_columns()
  `.execute(db);

  await sql`
    create function organizers_refresh_event_search() returns trigger
    language plpgsql as $$
    begin
      update events set search_text = event_search_text(name, organizer_id, description)
      where organizer_id = new.id;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger organizers_refresh_event_search
    after update of name on organizers
    for each row when (old.name is distinct from new.name)
    execute function organizers_refresh_event_search()
  `.execute(db);

  // Rows that exist already (a database seeded before this migration).
  await sql`
    update events set
      current_until = coalesce(coalesce(end_date_time, date_time) + interval '6 hours', 'infinity'),
      search_text = event_search_text(name, organizer_id, description)
  `.execute(db);

  await sql`create index events_search_trgm_idx on events using gin (search_text gin_trgm_ops)`.execute(db);
  // Covers the visibility rule (services/events/visibility.ts) and the location counts: index-only scans
  // once the table is vacuumed (autovacuum on PostgreSQL; database.ts tidies PGlite).
  await sql`
    create index events_current_until_idx on events (current_until)
    include (id, source_type, created_by_user_id, location_id)
  `.execute(db);
  await db.schema.createIndex('events_created_by_idx').on('events').column('created_by_user_id').where(sql.ref('created_by_user_id'), 'is not', null).execute();

  // The reverse direction of each join table's primary key, covering both columns.
  await db.schema.dropIndex('event_categories_category_idx').execute();
  await db.schema.createIndex('event_categories_category_idx').on('event_categories').columns(['category_id', 'event_id']).execute();
  await db.schema.dropIndex('event_event_types_type_idx').execute();
  await db.schema.createIndex('event_event_types_type_idx').on('event_event_types').columns(['event_type_id', 'event_id']).execute();
  await db.schema.dropIndex('event_attendees_user_idx').execute();
  await db.schema.createIndex('event_attendees_user_idx').on('event_attendees').columns(['user_id', 'event_id']).execute();
  await db.schema.dropIndex('connections_b_idx').execute();
  await db.schema.createIndex('connections_b_idx').on('connections').columns(['user_b_id', 'user_a_id']).execute();
  // Deleting a community event removes its feed entries.
  await db.schema.createIndex('feed_event_idx').on('feed_activities').column('event_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('feed_event_idx').ifExists().execute();
  await db.schema.dropIndex('connections_b_idx').execute();
  await db.schema.createIndex('connections_b_idx').on('connections').column('user_b_id').execute();
  await db.schema.dropIndex('event_attendees_user_idx').execute();
  await db.schema.createIndex('event_attendees_user_idx').on('event_attendees').column('user_id').execute();
  await db.schema.dropIndex('event_event_types_type_idx').execute();
  await db.schema.createIndex('event_event_types_type_idx').on('event_event_types').column('event_type_id').execute();
  await db.schema.dropIndex('event_categories_category_idx').execute();
  await db.schema.createIndex('event_categories_category_idx').on('event_categories').column('category_id').execute();
  await db.schema.dropIndex('events_created_by_idx').ifExists().execute();
  await db.schema.dropIndex('events_current_until_idx').ifExists().execute();
  await db.schema.dropIndex('events_search_trgm_idx').ifExists().execute();
  await sql`drop trigger if exists organizers_refresh_event_search on organizers`.execute(db);
  await sql`drop function if exists organizers_refresh_event_search()`.execute(db);
  await sql`drop trigger if exists events_derived_columns on events`.execute(db);
  await sql`drop function if exists events_derived_columns()`.execute(db);
  await db.schema.alterTable('events').dropColumn('current_until').execute();
  await db.schema.alterTable('events').dropColumn('search_text').execute();
  await sql`drop function if exists event_search_text(text, uuid, text)`.execute(db);
  await sql`drop function if exists html_search_text(text)`.execute(db);
}
