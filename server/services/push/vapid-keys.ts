import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../../db/schema';
import type { Config } from '../../env';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * Push services may write to the subject about a sender that misbehaves. Without VAPID_SUBJECT, the
 * public origin when it is https (what a push service can reach), else a placeholder address.
 */
export function vapidSubject(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.APP_ORIGIN?.startsWith('https:')) return config.APP_ORIGIN;
  return 'mailto:push@mingle.example';
}

/**
 * The stored pair, made on first use. Every process that starts on an empty table offers its own
 * pair; the primary key (one row, id 1) keeps the first and all read that one back.
 */
export async function storedVapidKeys(db: Kysely<Database>): Promise<{ publicKey: string; privateKey: string }> {
  const existing = await db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  if (existing) return { publicKey: existing.public_key, privateKey: existing.private_key };
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insertInto('push_keys')
    .values({ id: 1, public_key: fresh.publicKey, private_key: fresh.privateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

// Per database handle: the pair never changes once made, so each process reads it once.
const cache = new WeakMap<Kysely<Database>, Promise<{ publicKey: string; privateKey: string }>>();

/** The keys every send is signed with: the configured pair, else the one in the database. */
export async function vapidDetails(db: Kysely<Database>, config: Config): Promise<VapidDetails> {
  const subject = vapidSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  let keys = cache.get(db);
  if (!keys) {
    keys = storedVapidKeys(db);
    cache.set(db, keys);
    // A failed read (database down) is tried again next time rather than remembered.
    keys.catch(() => cache.delete(db));
  }
  return { subject, ...(await keys) };
}
