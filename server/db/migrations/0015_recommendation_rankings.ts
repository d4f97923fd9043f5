import { sql, type Kysely } from 'kysely';

/**
 * A member's recommendation ranking, kept for a few minutes: ranking every upcoming event
 * costs tens of milliseconds on a large catalogue, and a member opening the events list, loading
 * batch 2 and coming back asks for the same ranking again; batches of one stored ranking also never
 * overlap or skip. Only the order is kept: what each pick shows (the event, its lock, whether it is
 * still upcoming, visible and not the member's) is read afresh on every request
 * (server/services/recommendations/stored-ranking.ts). scope is 'member' or the event id of 'events
 * like this one'. Gone with the member (cascade) and when they turn AI recommendations off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recommendation_rankings')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ranking', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('recommendation_rankings_pk', ['user_id', 'scope'])
    .execute();
  await sql`comment on table recommendation_rankings is 'Derived: safe to delete at any time'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recommendation_rankings').ifExists().execute();
}
