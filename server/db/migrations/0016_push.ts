import { sql, type Kysely } from 'kysely';

/**
 * Web Push (docs/product.md section 14).
 *
 * push_keys: the VAPID key pair when none is configured, generated once (row id 1) and never again,
 * since every subscription is bound to the public key it was made with.
 *
 * push_subscriptions: one row per browser (its endpoint is unique, so a device that changes hands
 * moves to the new member). session_id_hash ties it to the session that subscribed: logging out of
 * that session removes it, and so does the session's deletion (cascade).
 *
 * push_settings: a row only once a member changes a setting; no row means both kinds on.
 *
 * push_reminders: the event reminders claimed for sending. The primary key is the claim, so one
 * process of many gets each (event, member, start); a rescheduled event is reminded of again.
 * sent_at stays null while a send is under way; a claim left unsent past its lease (a process
 * that died mid-send) is taken over by another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id_hash', 'text', (c) => c.references('sessions.id_hash').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_success_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
  await db.schema.createIndex('push_subscriptions_session_idx').on('push_subscriptions').column('session_id_hash').execute();

  await db.schema
    .createTable('push_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('new_connection', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('event_reminder', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('push_reminders')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('push_reminders_pk', ['event_id', 'user_id', 'starts_at'])
    .execute();
  // Only unsent claims are looked for (lease takeover); sent ones are never read again.
  await sql`create index push_reminders_unsent_idx on push_reminders (claimed_at) where sent_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['push_reminders', 'push_settings', 'push_subscriptions', 'push_keys']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
