import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { blockedUserIds } from '../safety/blocks-sql';

export const orderedPair = (one: string, other: string): [string, string] => (one < other ? [one, other] : [other, one]);

/** The advisory lock that serializes the swipes, undos and profile Connects of one pair of members. */
export const pairLockKey = (a: string, b: string) => `interaction:${a}:${b}`;

/** A connection to make: the other member, and where they met (an event) or not (a profile link). */
export interface NewConnection {
  toUserId: string;
  eventId: string | null;
}

/**
 * Connects `fromUserId` with each of `others` once: the ordered pair's unique key keeps it to one
 * row, and each side gets a 'connection' feed entry. Answers the members this call connected with
 * (a pair connected already, or blocked, is left out). Run it inside the transaction that holds the
 * pairs' advisory locks. One statement for the blocks, one for the connections and one for their feed entries, whatever the
 * number (a batch of queued swipes makes several).
 */
export async function insertConnections(trx: Transaction<Database>, fromUserId: string, others: readonly NewConnection[], now: Date): Promise<string[]> {
  if (others.length === 0) return [];
  // Never between members blocked either way (services/safety/blocks-sql.ts): a swipe or an accept
  // checked before a block committed meets it here, under the pair's lock the block takes too.
  const { rows: blockedRows } = await sql<{ user_id: string }>`${blockedUserIds(fromUserId)}`.execute(trx);
  const blocked = new Set(blockedRows.map((row) => row.user_id));
  const allowed = others.filter(({ toUserId }) => !blocked.has(toUserId));
  if (allowed.length === 0) return [];
  const made = await trx
    .insertInto('connections')
    .values(
      allowed.map(({ toUserId, eventId }) => {
        const [a, b] = orderedPair(fromUserId, toUserId);
        return { user_a_id: a, user_b_id: b, event_id: eventId, created_at: now };
      }),
    )
    .onConflict((oc) => oc.columns(['user_a_id', 'user_b_id']).doNothing())
    .returning(['user_a_id', 'user_b_id'])
    .execute();
  const madeWith = made.map((row) => (row.user_a_id === fromUserId ? row.user_b_id : row.user_a_id));
  if (madeWith.length > 0) {
    await trx
      .insertInto('feed_activities')
      .values(
        madeWith.flatMap((other) => [
          { owner_user_id: fromUserId, subject_user_id: other, type: 'connection', event_id: null, created_at: now },
          { owner_user_id: other, subject_user_id: fromUserId, type: 'connection', event_id: null, created_at: now },
        ]),
      )
      .execute();
  }
  return madeWith;
}

/** One connection (insertConnections): true when this call made it. */
export async function insertConnection(trx: Transaction<Database>, fromUserId: string, toUserId: string, eventId: string | null, now: Date): Promise<boolean> {
  const made = await insertConnections(trx, fromUserId, [{ toUserId, eventId }], now);
  return made.length > 0;
}
