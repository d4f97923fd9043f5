import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { grantConsents } from '../consents';
import { forgetRankings } from './stored-ranking';

/**
 * The member's choice about AI recommendations: the 'ai_recommendations' consent in force and its
 * aiEnabled flag. No such consent: never asked (null). Turning AI off keeps the consent with the
 * flag off, so the block can say 'AI disabled' instead of asking again.
 */
export async function aiConsent(db: Kysely<Database>, userId: string): Promise<boolean | null> {
  const row = await db
    .selectFrom('consents')
    .select('ai_enabled')
    .where('user_id', '=', userId)
    .where('type', '=', 'ai_recommendations')
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? row.ai_enabled === true : null;
}

export async function setAiConsent(db: Kysely<Database>, userId: string, consent: boolean, now: Date): Promise<void> {
  await grantConsents(db, userId, [{ type: 'ai_recommendations', aiEnabled: consent }], now);
  // Off: the rankings kept for the member go too (SPEC.md section 4, 'removes cached recommendations').
  if (!consent) await forgetRankings(db, userId);
}
