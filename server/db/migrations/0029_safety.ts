import { sql, type Kysely } from 'kysely';

/**
 * Block, report and 'not networking right now' (contract/safety.ts, server/services/safety).
 *
 * blocks: one row per member who blocked another. Either direction hides the two from each other
 * everywhere (services/safety/blocks-sql.ts), so the rule reads the pair from both sides: the
 * primary key serves the blocker's side, blocks_blocked_idx the blocked member's.
 *
 * reports: what a member reported about another, with the conversation's last messages as
 * evidence (a JSON array, copied when the report is made: a later block or erasure does not change
 * what was reported). The reporter's reports go with their account; a report about a member who
 * deleted their account keeps the reporter's side only (reported_id set to null, and the erasure
 * drops that member's messages from the evidence: services/account/erase-account.ts).
 *
 * users.networking_paused: 'Not networking right now'. Few members pause, so the deck finds them
 * by a partial index of the paused alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pkey', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('blocks_two_members', sql`blocker_id <> blocked_id`)
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').columns(['blocked_id', 'blocker_id']).execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('reporter_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reported_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('spam', 'harassment', 'fake_profile', 'inappropriate', 'other')`))
    .addColumn('text', 'text')
    .addColumn('evidence', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_reporter_idx').on('reports').columns(['reporter_id', 'created_at']).execute();
  await db.schema.createIndex('reports_reported_idx').on('reports').columns(['reported_id', 'created_at']).execute();

  await db.schema
    .alterTable('users')
    .addColumn('networking_paused', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create index users_networking_paused_idx on users (id) where networking_paused`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_networking_paused_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('networking_paused').execute();
  await db.schema.dropTable('reports').ifExists().execute();
  await db.schema.dropTable('blocks').ifExists().execute();
}
