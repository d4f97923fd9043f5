import { sql, type Kysely } from 'kysely';

/**
 * The assistant's chats (contract/chat.ts). A chat belongs to one member and goes with
 * them (erasure) through the cascade. Messages are numbered per chat (seq, from 0, taken from
 * chats.message_count under the chat row's lock); a full page of CHAT_PAGE_SIZE messages is moved
 * to the archive (archived_page set) once a newer message is written, so a chat's live page stays
 * small however long the chat grows. The event columns are plain references that become null when
 * the event is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chats')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('journey_type', 'text', (c) => c.notNull().check(sql`journey_type in ('DISCOVER_EVENTS', 'PREPARE_FOR_EVENT', 'FOLLOW_UP')`))
    .addColumn('event_id', 'uuid', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('selected_event_id', 'uuid', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chats_user_idx').on('chats').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('chat_id', 'uuid', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('USER', 'ASSISTANT')`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('archived_page', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('chat_messages_seq_unique', ['chat_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_messages').ifExists().execute();
  await db.schema.dropTable('chats').ifExists().execute();
}
