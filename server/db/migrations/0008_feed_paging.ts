import { sql, type Kysely } from 'kysely';

/**
 * The feed is read newest first in keyset pages of (created_at, id) (contract/feed.ts): the index
 * holds both in that order, so a page of a member with 20,000 entries reads only its own rows.
 * Erasing a member finds the entries about them through subject_user_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('feed_owner_idx').ifExists().execute();
  await sql`create index feed_owner_page_idx on feed_activities (owner_user_id, created_at desc, id desc)`.execute(db);
  await db.schema.createIndex('feed_subject_idx').on('feed_activities').columns(['subject_user_id', 'event_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('feed_subject_idx').ifExists().execute();
  await db.schema.dropIndex('feed_owner_page_idx').ifExists().execute();
  await db.schema.createIndex('feed_owner_idx').on('feed_activities').columns(['owner_user_id', 'created_at']).execute();
}
