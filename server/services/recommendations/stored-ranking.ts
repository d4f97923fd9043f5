import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { eventNotPassed, eventVisibleTo, type UserRef } from '../events/visibility';
import { rankFor, type Ranking } from './recommend';

/**
 * A member's ranking is kept for RANKING_FRESH_MS (migration 0015): docs/product.md section 9 keeps AI
 * top 3 fresh for 5 minutes on the client, and the server does the same, so the events list, batch
 * 2 and a return to the list read one ranking (batches never overlap) instead of ranking every
 * upcoming event again. Only the order is kept: whether each pick is still upcoming, still visible
 * to the member and not one they registered for is checked on every read, and the events
 * themselves (with their PRO lock for this member now) are loaded afresh by the caller.
 */
export const RANKING_FRESH_MS = 5 * 60_000;

export interface StoredRanking extends Ranking {
  computedAt: Date;
}

/** SQL: the events of `ids` (a uuid[] expression) the member can still be offered: visible, upcoming, not registered. */
function openPicksSql(db: Kysely<Database>, userId: UserRef, now: Date, ids: RawBuilder<unknown>) {
  return db
    .selectFrom('events as e')
    .select('e.id')
    .where(sql<SqlBool>`e.id = any(${ids})`)
    .where(eventVisibleTo(userId))
    .where(eventNotPassed(now))
    .where(
      'e.id',
      'not in',
      db
        .selectFrom('event_attendees')
        .select('event_id')
        .where(sql<SqlBool>`user_id = ${userId}`),
    );
}

/** The picks of `ids` the member can still be offered, as a set. */
async function stillOpen(db: Kysely<Database>, userId: string, now: Date, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await openPicksSql(db, userId, now, sql`${[...ids]}::uuid[]`).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * A member's own ranking (not 'events like' one) as read with the session in one statement
 * (http/signed-in-read.ts): the kept ranking and which of its picks are still open.
 */
export interface KeptRankingRead {
  kept: { computed_at: string; ranking: Ranking } | null;
  open_ids: string[] | null;
}

/**
 * SQL for readSignedIn: the kept ranking of the member `readerId`, read once (kept_ranking), and
 * the columns of KeptRankingRead from it.
 */
export function keptRankingStatement(
  db: Kysely<Database>,
  readerId: Expression<string>,
  now: Date,
): { with: RawBuilder<unknown>; columns: RawBuilder<unknown> } {
  const picks = sql`array(select (pick->>'id')::uuid from kept_ranking k, jsonb_array_elements(k.ranking->'picks') pick)`;
  return {
    with: sql`kept_ranking as (select r.computed_at, r.ranking from recommendation_rankings r where r.user_id = ${readerId} and r.scope = 'member')`,
    columns: sql`(select json_build_object('computed_at', k.computed_at, 'ranking', k.ranking) from kept_ranking k) as kept,
      array(${openPicksSql(db, readerId, now, picks)}) as open_ids`,
  };
}

/**
 * The member's ranking (or the one for events like `likeEventId`): the kept one while fresh, its
 * picks that are no longer open left out, else one made now and kept. `read`: the member's own
 * ranking as already read with the session (keptRankingStatement), which saves two statements.
 */
export async function storedRankingFor(db: Kysely<Database>, userId: string, now: Date, likeEventId?: string, read?: KeptRankingRead): Promise<StoredRanking> {
  const scope = likeEventId ?? 'member';
  const row = read
    ? read.kept && { computed_at: new Date(read.kept.computed_at), ranking: read.kept.ranking }
    : await db
        .selectFrom('recommendation_rankings')
        .select(['computed_at', 'ranking'])
        .where('user_id', '=', userId)
        .where('scope', '=', scope)
        .executeTakeFirst();
  const age = row ? now.getTime() - row.computed_at.getTime() : Infinity;
  if (row && age >= 0 && age < RANKING_FRESH_MS) {
    const kept = row.ranking as Ranking;
    const open = read
      ? new Set(read.open_ids)
      : await stillOpen(
          db,
          userId,
          now,
          kept.picks.map((pick) => pick.id),
        );
    return { picks: kept.picks.filter((pick) => open.has(pick.id)), signals: kept.signals, computedAt: row.computed_at };
  }
  // Made now, from the events as they are: nothing to check again.
  const ranking = await rankFor(db, userId, now, likeEventId);
  const value = { user_id: userId, scope, computed_at: now, ranking: JSON.stringify(ranking) };
  await db
    .insertInto('recommendation_rankings')
    .values(value)
    .onConflict((oc) => oc.columns(['user_id', 'scope']).doUpdateSet({ computed_at: now, ranking: value.ranking }))
    .execute();
  return { ...ranking, computedAt: now };
}

/** Forgets the member's rankings (AI turned off: docs/product.md section 4 removes cached recommendations). */
export async function forgetRankings(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('recommendation_rankings').where('user_id', '=', userId).execute();
}
