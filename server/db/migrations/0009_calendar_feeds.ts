import { sql, type Kysely } from 'kysely';

/**
 * A member's calendar feed: the secret of the URL a calendar app polls without a cookie.
 * One per member; rotating replaces it, so the old URL stops working at once. It goes with the
 * member (erasure) through the cascade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Kept as is, not hashed: the member sees the same URL again on any device until they rotate it.
    .addColumn('secret', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').ifExists().execute();
}
