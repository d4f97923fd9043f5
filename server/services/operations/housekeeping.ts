import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { IDEMPOTENCY_TTL_MS } from '../idempotency/claim-store';

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Longer than any process keeps a deck corpus (CORPUS_MAX_AGE_MS) before reading it all again. */
const DECK_CHANGES_KEPT_MS = 60 * 60 * 1000;

/**
 * Deletes rows nobody can use any more: rate-limit hits and codes older than a day, write quotas
 * whose window has ended, Idempotency-Key records older than their TTL, the deck's change log older than an hour, and
 * sessions revoked or idle for longer than the idle window (plus a
 * day, so a reused cookie still reads as "not signed in" rather than racing the sweep).
 */
export async function sweepExpiredRows(db: Kysely<Database>, now: Date, sessionIdleMs: number): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const sessionCutoff = new Date(now.getTime() - sessionIdleMs - DAY_MS);
  await db.deleteFrom('rate_limit_hits').where('created_at', '<', dayAgo).execute();
  await db.deleteFrom('write_quotas').where('window_ends_at', '<=', now).execute();
  await db
    .deleteFrom('idempotency_records')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
    .execute();
  await db
    .deleteFrom('deck_changes')
    .where('changed_at', '<', new Date(now.getTime() - DECK_CHANGES_KEPT_MS))
    .execute();
  await db.deleteFrom('pin_codes').where('expires_at', '<', dayAgo).execute();
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('revoked_at', '<', dayAgo), eb('last_seen_at', '<', sessionCutoff)]))
    .execute();
}

/**
 * Runs the sweep now and then, piggybacking on requests that write anyway (code requests), so no
 * timer or separate job is needed and several processes simply share the work.
 */
export function createOpportunisticSweeper(db: Kysely<Database>, sessionIdleMs: number) {
  let lastSweep = -Infinity;
  return async (now: Date): Promise<void> => {
    if (now.getTime() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now.getTime();
    await sweepExpiredRows(db, now, sessionIdleMs);
  };
}
