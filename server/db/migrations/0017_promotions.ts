import { sql, type Kysely } from 'kysely';

/**
 * Promotional pages: /week/{slug} promotes one fixed event and its week. A row is the
 * whole configuration, so a new week needs an insert, not a release. The join secret is not
 * copied here: the page's button uses the event's own join_secret, so rotating it never leaves a
 * promotion pointing at a dead link.
 *
 * The programme is read, not stored: the public events (not PRO-only) that start between
 * starts_at and ends_at and share the promoted event's organizer or location, plus the event.
 * image_url null means the promoted event's cover.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('promotions')
    .addColumn('slug', 'text', (c) => c.primaryKey().check(sql`slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('promotions_dates_check', sql`ends_at >= starts_at`)
    .execute();
  await db.schema.createIndex('promotions_event_idx').on('promotions').column('event_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('promotions').execute();
}
