import { sql, type Kysely } from 'kysely';

/**
 * What the recommender (server/services/recommendations/) reads:
 *
 * - events.search_vector: the English full-text vector of search_text (name, organizer and
 *   description text; migration 0003), stemmed and without stop words, with a GIN index, so an
 *   OR of a member's terms finds the events that contain any of them through the index;
 * - event_term_stats: for every lexeme, the number of events whose vector holds it (document
 *   frequency), which BM25's inverse document frequency needs: a word most events share says
 *   little about a match, a rare one a lot. Kept exact by statement-level triggers with transition
 *   tables (one set-based upsert per statement, so a bulk insert of 10,000 events is one
 *   statement's work, not 10,000 trigger calls); no refresh job, nothing to go stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A generated column is computed after BEFORE triggers, so it sees the search_text they set.
  await sql`alter table events add column search_vector tsvector
    generated always as (to_tsvector('english'::regconfig, search_text)) stored`.execute(db);
  await sql`create index events_search_vector_idx on events using gin (search_vector)`.execute(db);

  await db.schema
    .createTable('event_term_stats')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('documents', 'integer', (c) => c.notNull())
    .execute();

  // PostgreSQL allows transition tables only on single-event triggers, so one function per event.
  // Rows are upserted in term order: two statements touching the same terms lock them in the same
  // order and cannot deadlock.
  await sql`create function event_term_stats_insert() returns trigger language plpgsql as $$
    begin
      insert into event_term_stats as s (term, documents)
      select term, count(*)::int from (select unnest(tsvector_to_array(search_vector)) as term from new_rows) t
      group by term order by term
      on conflict (term) do update set documents = s.documents + excluded.documents;
      return null;
    end $$`.execute(db);
  await sql`create function event_term_stats_delete() returns trigger language plpgsql as $$
    begin
      update event_term_stats s set documents = s.documents - d.n
      from (select term, count(*)::int as n from (select unnest(tsvector_to_array(search_vector)) as term from old_rows) t
            group by term order by term) d
      where s.term = d.term;
      delete from event_term_stats where documents <= 0;
      return null;
    end $$`.execute(db);
  await sql`create function event_term_stats_update() returns trigger language plpgsql as $$
    begin
      insert into event_term_stats as s (term, documents)
      select term, sum(change)::int from (
        select unnest(tsvector_to_array(n.search_vector)) as term, 1 as change from new_rows n
        union all
        select unnest(tsvector_to_array(o.search_vector)), -1 from old_rows o
      ) changes
      group by term having sum(change) <> 0 order by term
      on conflict (term) do update set documents = s.documents + excluded.documents;
      delete from event_term_stats where documents <= 0;
      return null;
    end $$`.execute(db);
  await sql`create trigger events_term_stats_insert after insert on events
    referencing new table as new_rows for each statement execute function event_term_stats_insert()`.execute(db);
  await sql`create trigger events_term_stats_update after update on events
    referencing old table as old_rows new table as new_rows for each statement execute function event_term_stats_update()`.execute(db);
  await sql`create trigger events_term_stats_delete after delete on events
    referencing old table as old_rows for each statement execute function event_term_stats_delete()`.execute(db);

  await sql`insert into event_term_stats (term, documents)
    select term, count(*)::int from (select unnest(tsvector_to_array(search_vector)) as term from events) t group by term`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`events_term_stats_${op}`)} on events`.execute(db);
    await sql`drop function if exists ${sql.raw(`event_term_stats_${op}`)}()`.execute(db);
  }
  await db.schema.dropTable('event_term_stats').ifExists().execute();
  await sql`drop index if exists events_search_vector_idx`.execute(db);
  await sql`alter table events drop column if exists search_vector`.execute(db);
}
