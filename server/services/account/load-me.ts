import type { Kysely } from 'kysely';
import type { Me } from '../../../contract/user';
import type { Database } from '../../db/schema';
import { ACCESS_COLUMNS, hasProAccess } from '../billing/access';
import { listActiveConsents } from './consents';
import { findUserById } from './user-rows';

/** The signed-in member as the client sees it: profile, consents in force and PRO access. */
export async function loadMe(db: Kysely<Database>, userId: string, now: Date): Promise<Me | undefined> {
  const [user, consents, subscription] = await Promise.all([
    findUserById(db, userId),
    listActiveConsents(db, userId),
    db.selectFrom('subscriptions').select(ACCESS_COLUMNS).where('user_id', '=', userId).executeTakeFirst(),
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
    networkingPaused: user.networking_paused,
    createdAt: user.created_at.toISOString(),
    updatedAt: user.updated_at.toISOString(),
  };
}
