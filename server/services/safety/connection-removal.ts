import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { orderedPair } from '../connections/connection-write';

/**
 * Ends what the two members had between them, as removing their connection does: the connection,
 * each one's private note on the other, the feed entries each has about the other, and the
 * interest each showed in the other (swipes at any event, a profile's Connect). The interest goes
 * too, so that nothing either did before brings the connection back by itself: after an unblock
 * they connect again only by both saying yes again. Run inside the transaction that holds the
 * pair's advisory lock (connections/connection-write.ts pairLockKey), so no swipe or Connect of
 * the pair interleaves. True when they were connected. Conversations and meetings are not touched here (the block's rule hides
 * the one, meeting-closing.ts closes the other).
 */
export async function removeConnection(trx: Transaction<Database>, one: string, other: string): Promise<boolean> {
  const [a, b] = orderedPair(one, other);
  const removed = await trx.deleteFrom('connections').where('user_a_id', '=', a).where('user_b_id', '=', b).returning('id').executeTakeFirst();
  await trx
    .deleteFrom('connection_notes')
    .where((eb) =>
      eb.or([eb.and([eb('user_id', '=', one), eb('about_user_id', '=', other)]), eb.and([eb('user_id', '=', other), eb('about_user_id', '=', one)])]),
    )
    .execute();
  await trx
    .deleteFrom('feed_activities')
    .where((eb) =>
      eb.or([
        eb.and([eb('owner_user_id', '=', one), eb('subject_user_id', '=', other)]),
        eb.and([eb('owner_user_id', '=', other), eb('subject_user_id', '=', one)]),
      ]),
    )
    .execute();
  await trx
    .deleteFrom('profile_interests')
    .where((eb) =>
      eb.or([eb.and([eb('from_user_id', '=', one), eb('to_user_id', '=', other)]), eb.and([eb('from_user_id', '=', other), eb('to_user_id', '=', one)])]),
    )
    .execute();
  await trx
    .deleteFrom('interactions')
    .where((eb) =>
      eb.or([eb.and([eb('from_user_id', '=', one), eb('to_user_id', '=', other)]), eb.and([eb('from_user_id', '=', other), eb('to_user_id', '=', one)])]),
    )
    .execute();
  return removed !== undefined;
}
