import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** 256 random bits, URL-safe: the URL is the only thing that guards the feed. */
const newFeedSecret = () => randomBytes(32).toString('base64url');

/** The secret as newFeedSecret makes it; anything else cannot match and never reaches the database. */
export const isFeedSecretShaped = (value: string): boolean => /^[\w-]{43}$/.test(value);

/** The member's feed secret, made on first use; the same until rotated. */
export async function feedSecretOf(db: Kysely<Database>, userId: string): Promise<string> {
  // Two first calls at once: the one that wrote first wins, the other reads its secret.
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, secret: newFeedSecret() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await db.selectFrom('calendar_feeds').select('secret').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.secret;
}

/** A new secret: the URL handed out before stops working at once. */
export async function rotateFeedSecret(db: Kysely<Database>, userId: string): Promise<string> {
  const secret = newFeedSecret();
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, secret })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: new Date() }))
    .execute();
  return secret;
}

/** The member whose feed `secret` opens, or null for a wrong or rotated one. */
export async function feedOwner(db: Kysely<Database>, secret: string): Promise<string | null> {
  if (!isFeedSecretShaped(secret)) return null;
  const row = await db.selectFrom('calendar_feeds').select('user_id').where('secret', '=', secret).executeTakeFirst();
  return row?.user_id ?? null;
}
