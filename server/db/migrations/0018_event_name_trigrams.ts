import { sql, type Kysely } from 'kysely';

/**
 * Featured events (the FEATURED_KEYWORD in an event's name): a trigram index of the
 * lower-cased name, so the discovery list finds them by name alone. Through search_text (name,
 * organizer and the whole description) every candidate's description was read to check a word
 * that can only count in the name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index events_name_trgm_idx on events using gin (lower(name) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_name_trgm_idx').ifExists().execute();
}
