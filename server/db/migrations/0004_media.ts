import { sql, type Kysely } from 'kysely';

/**
 * Profile photos live in the database, so that every API process serves the same files
 * (docs/architecture.md): one row per rendition of a member's photo, keyed by the content hash in its URL
 * (server/services/profiles/profile-photos.ts). Two members who upload the same picture share a hash but
 * each own their rows, so removing one member's photo never takes the other's. The rows go with
 * their member (erasure) through the cascade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Serving looks a file up by hash and variant; the owner makes the key unique.
    .addPrimaryKeyConstraint('media_pkey', ['hash', 'variant', 'owner_user_id'])
    .execute();
  await db.schema.createIndex('media_owner_idx').on('media').column('owner_user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media').ifExists().execute();
}
