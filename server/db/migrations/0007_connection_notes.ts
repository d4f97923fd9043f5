import { sql, type Kysely } from 'kysely';

/**
 * A member's private note on one of their connections: one per member and connection,
 * seen by nobody else. It goes with either member (erasure), and stays when they disconnect only as
 * long as both exist: reading it needs the connection.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connection_notes')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('about_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('connection_notes_pkey', ['user_id', 'about_user_id'])
    .execute();
  // Erasing a member finds the notes others wrote about them.
  await db.schema.createIndex('connection_notes_about_idx').on('connection_notes').columns(['about_user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('connection_notes').ifExists().execute();
}
