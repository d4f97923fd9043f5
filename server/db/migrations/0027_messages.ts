import { sql, type Kysely } from 'kysely';

/**
 * Messages between connected members (server/services/messages, docs/product.md 'Messages').
 *
 * messages: one row per message, its id made on the sender's device (a message is stored once
 * however often the outbox sends it). The sender's rows go with the sender's account; the
 * recipient has no foreign key, so a member who deletes their account leaves the other's own
 * messages behind, in a conversation still named by the deleted member's id. user_a_id and
 * user_b_id name the pair in order (one conversation per pair), for the pair's index. seq is the
 * order the server stored them in ('in a row' counts by it); sent_at the time the member wrote it,
 * the order the conversation is shown in. read_shown: read while the reader's read receipts were
 * on, so the sender may be told.
 *
 * message_conversations: each side's conversations, newest first, with the last message's time;
 * other_id has no foreign key for the same reason as recipient_id.
 *
 * message_settings: read receipts (on until changed). push_settings.messages: the 'Messages'
 * switch of the notification settings, on until changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('sender_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'uuid', (c) => c.notNull())
    .addColumn('user_a_id', 'uuid', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(sql`least(sender_id, recipient_id)`)
        .stored(),
    )
    .addColumn('user_b_id', 'uuid', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(sql`greatest(sender_id, recipient_id)`)
        .stored(),
    )
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('read_at', 'timestamptz')
    .addColumn('read_shown', 'boolean', (c) => c.notNull().defaultTo(false))
    .addCheckConstraint('messages_two_members', sql`sender_id <> recipient_id`)
    .execute();
  // A conversation's pages, newest first.
  await sql`create index messages_pair_idx on messages (user_a_id, user_b_id, sent_at desc, id desc)`.execute(db);
  // The sender's messages to one member in the order stored ('in a row'), and the account's cascade.
  await sql`create index messages_sender_idx on messages (sender_id, recipient_id, seq)`.execute(db);
  // What a member has not read or not received yet: small, since both are marked soon.
  await sql`create index messages_unread_idx on messages (recipient_id, sender_id) where read_at is null`.execute(db);
  await sql`create index messages_undelivered_idx on messages (recipient_id, sender_id) where delivered_at is null`.execute(db);

  await db.schema
    .createTable('message_conversations')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('other_id', 'uuid', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_conversations_pkey', ['user_id', 'other_id'])
    .execute();
  await sql`create index message_conversations_recent_idx on message_conversations (user_id, last_at desc)`.execute(db);
  // Erasure finds the conversations others had with the deleted member.
  await sql`create index message_conversations_other_idx on message_conversations (other_id)`.execute(db);

  await db.schema
    .createTable('message_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('read_receipts', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('push_settings')
    .addColumn('messages', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_settings').dropColumn('messages').execute();
  await db.schema.dropTable('message_settings').ifExists().execute();
  await db.schema.dropTable('message_conversations').ifExists().execute();
  await db.schema.dropTable('messages').ifExists().execute();
}
