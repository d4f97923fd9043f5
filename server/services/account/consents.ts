import type { Kysely } from 'kysely';
import type { Consent, ConsentType, CreateConsents, UpdateConsent } from '../../../contract/consent';
import type { ConsentRow, Database } from '../../db/schema';

export function toConsent(row: ConsentRow): Consent {
  return {
    id: row.id,
    type: row.type as ConsentType,
    aiEnabled: row.ai_enabled,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
  };
}

/** The consents in force: revoked ones are history and are not listed. Oldest first. */
export async function listActiveConsents(db: Kysely<Database>, userId: string): Promise<Consent[]> {
  const rows = await db
    .selectFrom('consents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('type')
    .execute();
  return rows.map(toConsent);
}

/**
 * Grants consents; one already in force is kept rather than duplicated (a unique index on the
 * active ones makes this hold under concurrent requests too), and only its AI flag is updated
 * when one is given. Granting the AI consent without a flag means switching it on.
 */
export async function grantConsents(db: Kysely<Database>, userId: string, consents: CreateConsents['consents'], now: Date): Promise<void> {
  const byType = new Map<ConsentType, boolean | null>();
  for (const item of consents) {
    byType.set(item.type, item.aiEnabled ?? (item.type === 'ai_recommendations' ? true : null));
  }
  await db
    .insertInto('consents')
    .values([...byType].map(([type, aiEnabled]) => ({ user_id: userId, type, ai_enabled: aiEnabled, created_at: now })))
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'type'])
        .where('revoked_at', 'is', null)
        .doUpdateSet((eb) => ({ ai_enabled: eb.fn.coalesce('excluded.ai_enabled', 'consents.ai_enabled') })),
    )
    .execute();
}

/** Revokes or updates the AI flag of one of the user's consents; undefined if it is not theirs. */
export async function updateConsent(db: Kysely<Database>, userId: string, consentId: string, change: UpdateConsent, now: Date): Promise<Consent | undefined> {
  const mine = db.selectFrom('consents').selectAll().where('id', '=', consentId).where('user_id', '=', userId);
  if (!change.revoke && change.aiEnabled === undefined) {
    const row = await mine.executeTakeFirst();
    return row && toConsent(row);
  }
  const row = await db
    .updateTable('consents')
    .set((eb) => ({
      // Revoking twice keeps the first time.
      ...(change.revoke ? { revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) } : {}),
      ...(change.aiEnabled !== undefined ? { ai_enabled: change.aiEnabled } : {}),
    }))
    .where('id', '=', consentId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row && toConsent(row);
}
