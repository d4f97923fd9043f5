import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export const orderedPair = (one: string, other: string): [string, string] => (one < other ? [one, other] : [other, one]);

/** The advisory lock that serializes the swipes, undos and profile Connects of one pair of members. */
export const pairLockKey = (a: string, b: string) => `interaction:${a}:${b}`;

/**
 * Connects two members once, where they met (an event) or not (a profile link): the ordered pair's
 * unique key keeps it to one row, and each side gets a 'connection' feed entry. True when this call
 * made the connection. Run it inside the transaction that holds the pair's advisory lock.
 */
export async function insertConnection(
  trx: Transaction<Database>,
  fromUserId: string,
  toUserId: string,
  eventId: string | null,
  now: Date,
): Promise<boolean> {
  const [a, b] = orderedPair(fromUserId, toUserId);
  const connection = await trx
    .insertInto('connections')
    .values({ user_a_id: a, user_b_id: b, event_id: eventId, created_at: now })
    .onConflict((oc) => oc.columns(['user_a_id', 'user_b_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!connection) return false;
  await trx
    .insertInto('feed_activities')
    .values([
      { owner_user_id: fromUserId, subject_user_id: toUserId, type: 'connection', event_id: null, created_at: now },
      { owner_user_id: toUserId, subject_user_id: fromUserId, type: 'connection', event_id: null, created_at: now },
    ])
    .execute();
  return true;
}
