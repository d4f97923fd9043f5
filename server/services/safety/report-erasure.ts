import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * A member deletes their account (services/account/erase-account.ts): the reports they made go
 * with them (reports.reporter_id cascades), and so do their blocks either way (blocks cascade).
 * A report about them stays, as the reporter's: what the reporter wrote and their own messages of
 * the evidence. The erased member's messages leave it here, and the column naming them is set to
 * null when their row goes (migration 0029).
 */
export async function keepReportersSideOnly(trx: Transaction<Database> | Kysely<Database>, userId: string): Promise<void> {
  await sql`update reports set evidence = (
      select coalesce(jsonb_agg(message order by position), '[]'::jsonb)
      from jsonb_array_elements(evidence) with ordinality as kept(message, position)
      where (message ->> 'fromReporter')::boolean)
    where reported_id = ${userId}`.execute(trx);
}
