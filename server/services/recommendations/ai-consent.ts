import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { grantConsents } from '../account/consents';
import { forgetRankings } from './stored-ranking';

/**
 * The member's choice about AI recommendations: the 'ai_recommendations' consent in force and its
 * aiEnabled flag. No such consent: never asked (null). Turning AI off keeps the consent with the
 * flag off, so the block can say 'AI disabled' instead of asking again.
 */
export async function aiConsent(db: Kysely<Database>, userId: string): Promise<boolean | null> {
  const { rows } = await sql<{ consent: boolean | null }>`select ${aiConsentSql(sql`${userId}::uuid`)} as consent`.execute(db);
  return rows[0]?.consent ?? null;
}

/** SQL: aiConsent of the member `userId`, for a statement that reads it with more. */
export function aiConsentSql(userId: Expression<string>): RawBuilder<boolean | null> {
  return sql<boolean | null>`(select coalesce(c.ai_enabled, false) from consents c
    where c.user_id = ${userId} and c.type = 'ai_recommendations' and c.revoked_at is null limit 1)`;
}

export async function setAiConsent(db: Kysely<Database>, userId: string, consent: boolean, now: Date): Promise<void> {
  await grantConsents(db, userId, [{ type: 'ai_recommendations', aiEnabled: consent }], now);
  // Off: the rankings kept for the member go too (docs/product.md section 4, 'removes cached recommendations').
  if (!consent) await forgetRankings(db, userId);
}
