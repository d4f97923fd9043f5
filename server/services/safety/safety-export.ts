import type { Kysely } from 'kysely';
import type { AccountExport } from '../../../contract/account';
import type { Database } from '../../db/schema';

/**
 * The member's blocks and the reports they made, for the data export (services/account/
 * export-account.ts). Blocked members by id and name, as the member's own list shows them; who
 * blocked the member, and reports about the member, are not the member's data and stay out. A
 * report's evidence (a copy of the conversation, which the export holds already) is left out too.
 */
export async function exportSafety(db: Kysely<Database>, userId: string): Promise<Pick<AccountExport, 'blocks' | 'reportsMade'>> {
  const [blocks, reports] = await Promise.all([
    db
      .selectFrom('blocks as b')
      .innerJoin('users as u', 'u.id', 'b.blocked_id')
      .select(['b.blocked_id', 'u.first_name', 'u.last_name', 'b.created_at'])
      .where('b.blocker_id', '=', userId)
      .orderBy('b.created_at')
      .execute(),
    db.selectFrom('reports').select(['id', 'reported_id', 'reason', 'text', 'created_at']).where('reporter_id', '=', userId).orderBy('created_at').execute(),
  ]);
  return {
    blocks: blocks.map((row) => ({ userId: row.blocked_id, name: `${row.first_name} ${row.last_name}`, blockedAt: row.created_at.toISOString() })),
    reportsMade: reports.map((row) => ({
      reportId: row.id,
      aboutUserId: row.reported_id,
      reason: row.reason,
      text: row.text,
      createdAt: row.created_at.toISOString(),
    })),
  };
}
