import { sql, type Kysely } from 'kysely';

/**
 * The times a member marked 'In a session' at an event (docs/product.md, 'Meetings'): a request or
 * a proposal into one is refused. A member's sessions at one event never overlap (the route merges
 * them before it writes; the constraint refuses what two writes at once could leave), and the GiST
 * index behind it answers 'which of this member's sessions overlap this time'. Also an index of
 * the meetings a member marked 'missed', which their deck reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meeting_sessions')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('during', sql`tstzrange`, (c) => c.notNull())
    .execute();
  await sql`alter table meeting_sessions add constraint meeting_sessions_no_overlap
    exclude using gist (user_id with =, event_id with =, during with &&)`.execute(db);
  // Whom a member marked 'missed', read with every page of their deck (services/deck/deck-page.ts).
  await sql`create index meeting_outcomes_missed_idx on meeting_outcomes (user_id) where outcome = 'missed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists meeting_outcomes_missed_idx`.execute(db);
  await db.schema.dropTable('meeting_sessions').ifExists().execute();
}
