import type { Kysely } from 'kysely';
import type { Me } from '../../contract/user';
import type { Database } from '../db/schema';
import { listActiveConsents } from './consents';
import { findUserById } from './users';

interface SubscriptionState {
  status: 'PRO' | 'FREE' | 'PAST_DUE' | 'TRIALING';
  ends_at: Date | null;
}

/**
 * PRO features are on for PRO and TRIALING, including a cancelled PRO until its end date
 * (SPEC.md section 4: "cancelled but still active"). PAST_DUE has no access until paid.
 */
export function hasProAccess(subscription: SubscriptionState | undefined, now: Date): boolean {
  if (!subscription) return false;
  if (subscription.status !== 'PRO' && subscription.status !== 'TRIALING') return false;
  return subscription.ends_at === null || subscription.ends_at.getTime() > now.getTime();
}

/** The signed-in member as the client sees it: profile, consents in force and PRO access. */
export async function loadMe(db: Kysely<Database>, userId: string, now: Date): Promise<Me | undefined> {
  const [user, consents, subscription] = await Promise.all([
    findUserById(db, userId),
    listActiveConsents(db, userId),
    db.selectFrom('subscriptions').select(['status', 'ends_at']).where('user_id', '=', userId).executeTakeFirst(),
  ]);
  if (!user) return undefined;
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    imageUrl: user.image_url,
    role: user.role,
    story: user.story,
    location: user.location,
    locationId: user.location_id,
    linkedinUrl: user.linkedin_url,
    phone: user.phone,
    consents,
    hasProAccess: hasProAccess(subscription, now),
    createdAt: user.created_at.toISOString(),
    updatedAt: user.updated_at.toISOString(),
  };
}
