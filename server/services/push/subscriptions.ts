import type { Kysely } from 'kysely';
import type { PushSubscriptionInput } from '../../../contract/push';
import type { Database } from '../../db/schema';

/** Devices one member gets notifications on; a subscription beyond them replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;

/**
 * Saves this browser's subscription for the member and the session that sent it. The endpoint is
 * the browser's: sent again (a new key, another member signed in on the device) it is updated in
 * place, so a device never notifies two members. A session is one browser, so its earlier
 * subscription goes; and a member keeps the MAX_SUBSCRIPTIONS_PER_MEMBER newest, so that no one
 * can make one notification into hundreds of posts.
 */
export async function saveSubscription(
  db: Kysely<Database>,
  userId: string,
  sessionIdHash: string,
  subscription: PushSubscriptionInput,
  now: Date,
): Promise<void> {
  const values = { user_id: userId, session_id_hash: sessionIdHash, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, created_at: now };
  await db.transaction().execute(async (trx) => {
    // One save per member at a time: two at once from one session would each keep their own row.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    await trx.deleteFrom('push_subscriptions').where('session_id_hash', '=', sessionIdHash).where('endpoint', '<>', subscription.endpoint).execute();
    await trx
      .insertInto('push_subscriptions')
      .values({ ...values, endpoint: subscription.endpoint })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
      .execute();
    const kept = trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_SUBSCRIPTIONS_PER_MEMBER);
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'not in', kept).execute();
  });
}

/** Logging out of a session ends its device's notifications. */
export async function removeSessionSubscriptions(db: Kysely<Database>, sessionIdHash: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_id_hash', '=', sessionIdHash).execute();
}

export async function sessionHasSubscription(db: Kysely<Database>, sessionIdHash: string): Promise<boolean> {
  const row = await db.selectFrom('push_subscriptions').select('id').where('session_id_hash', '=', sessionIdHash).executeTakeFirst();
  return row !== undefined;
}

export interface StoredSubscription {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Every device of these members. */
export async function subscriptionsOf(db: Kysely<Database>, userIds: readonly string[]): Promise<StoredSubscription[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('push_subscriptions').select(['id', 'user_id', 'endpoint', 'p256dh', 'auth']).where('user_id', 'in', userIds).execute();
}

/** The push service said the subscription is gone (404 or 410), or its endpoint is one the server may not post to. */
export async function removeSubscription(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function markDelivered(db: Kysely<Database>, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('push_subscriptions').set({ last_success_at: now }).where('id', 'in', ids).execute();
}
