import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** At most `limit` hits per `windowMs` in `bucket` (a sliding window over stored hits). */
export interface RateRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true; hitAt: Date } | { allowed: false; retryAfterSeconds: number };

/**
 * Records a hit if the window has room, else says how long until it has. Kept in the database so
 * that every API process agrees; the advisory lock makes check-and-insert atomic per bucket.
 */
export async function takeRateLimit(db: Kysely<Database>, rule: RateRule, now: Date): Promise<RateDecision> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${rule.bucket}))`.execute(trx);
    // This bucket's expired hits go now; other buckets are swept by the housekeeping.
    await trx.deleteFrom('rate_limit_hits').where('bucket', '=', rule.bucket).where('created_at', '<=', windowStart).execute();
    // The limit-th newest hit in the window: once it leaves the window there is room again.
    const blocking = await trx
      .selectFrom('rate_limit_hits')
      .select('created_at')
      .where('bucket', '=', rule.bucket)
      .where('created_at', '>', windowStart)
      .orderBy('created_at', 'desc')
      .offset(rule.limit - 1)
      .limit(1)
      .executeTakeFirst();
    if (blocking) {
      const waitMs = blocking.created_at.getTime() + rule.windowMs - now.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    await trx.insertInto('rate_limit_hits').values({ bucket: rule.bucket, created_at: now }).execute();
    return { allowed: true, hitAt: now };
  });
}

/** Gives back one hit, for work that failed on our side (the mail could not be sent). */
export async function refundRateLimit(db: Kysely<Database>, bucket: string, hitAt: Date): Promise<void> {
  await sql`
    delete from rate_limit_hits
    where ctid = (select ctid from rate_limit_hits where bucket = ${bucket} and created_at = ${hitAt} limit 1)
  `.execute(db);
}
