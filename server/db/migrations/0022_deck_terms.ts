import { sql, type Kysely } from 'kysely';

/**
 * The texts the Meet Attendees deck ranks by (server/services/deck/deck-ranking.ts), as English
 * full-text vectors: users.role_vector and users.story_vector, event_attendees.goal_vector. The
 * deck reads its terms and their counts from them (server/services/deck/deck-terms.ts), so it
 * stems words as the recommender does (events.search_vector, 0012_recommendations.ts): one way to
 * turn text into terms, PostgreSQL's English configuration, where the deck had a folding of plurals
 * and -ing of its own that disagreed with it ('invested' and 'investing' were two words to it).
 * Stored: stemming 2,000 attendees' texts at each load of an event's corpus took 70 to 100 ms more
 * than reading the vectors; a profile edit stems once.
 *
 * No index: the deck reads the vectors of one event's attendees, found through event_attendees'
 * key. The deck_versions triggers (0014, 0021) need no change: these columns change only with
 * role, story and goal, which they compare already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const vector = (column: string) => sql.raw(`to_tsvector('english'::regconfig, coalesce(${column}, ''))`);
  await sql`alter table users
    add column role_vector tsvector generated always as (${vector('role')}) stored,
    add column story_vector tsvector generated always as (${vector('story')}) stored`.execute(db);
  await sql`alter table event_attendees
    add column goal_vector tsvector generated always as (${vector('goal')}) stored`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table event_attendees drop column if exists goal_vector`.execute(db);
  await sql`alter table users drop column if exists role_vector, drop column if exists story_vector`.execute(db);
}
