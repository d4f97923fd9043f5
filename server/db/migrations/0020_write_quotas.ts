import type { Kysely } from 'kysely';

/**
 * Per-member limits on writes (server/http/write-limits.ts): one counter per bucket and fixed
 * window, raised by a single upsert, so a limited write costs one statement and no lock. A window
 * is named by its end; rows whose window has ended are swept by the housekeeping.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('write_quotas')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('write_quotas_pkey', ['bucket', 'window_ends_at'])
    .execute();
  await db.schema.createIndex('write_quotas_window_ends_idx').on('write_quotas').column('window_ends_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('write_quotas').execute();
}
