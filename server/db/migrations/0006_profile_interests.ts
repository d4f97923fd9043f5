import { sql, type Kysely } from 'kysely';

/**
 * Interest recorded from a profile's Connect without the owner's share secret (POST
 * users/{id}/connect): like a right swipe, but outside any event. The pair connects once the other
 * member is interested too. A member's share secret is unique, so a link names one member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profile_interests')
    .addColumn('from_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('profile_interests_pkey', ['from_user_id', 'to_user_id'])
    .execute();
  await db.schema.createIndex('profile_interests_to_idx').on('profile_interests').columns(['to_user_id']).execute();
  await db.schema.createIndex('users_share_secret_once').on('users').column('share_secret').unique().where(sql.ref('share_secret'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_share_secret_once').ifExists().execute();
  await db.schema.dropTable('profile_interests').ifExists().execute();
}
