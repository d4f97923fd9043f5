import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface WriteQuota {
  bucket: string;
  limit: number;
  windowMs: number;
}

export type QuotaDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one write in the bucket's current window (windows are fixed, aligned to the epoch) and
 * says whether it is within the limit. One upsert: cheap enough for every swipe. A fixed window
 * lets a burst of up to twice the limit straddle two windows, which is fine for a ceiling against
 * abuse; the sliding window of services/limits/rate-limit.ts is kept for the sign-in limits, where every
 * try counts.
 */
export async function takeWriteQuota(db: Kysely<Database>, quota: WriteQuota, now: Date): Promise<QuotaDecision> {
  const windowEndsAt = new Date((Math.floor(now.getTime() / quota.windowMs) + 1) * quota.windowMs);
  const { hits } = await db
    .insertInto('write_quotas')
    .values({ bucket: quota.bucket, window_ends_at: windowEndsAt, hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_ends_at']).doUpdateSet({ hits: sql`write_quotas.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (hits <= quota.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000)) };
}
