import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { failedCodesOf } from './sign-in-limits';

/**
 * The per-address ceiling on wrong codes (sign-in-limits.ts): the failures are hits in the
 * rate-limit table under the address's bucket, so every API process sees the same count. Callers
 * run these in the verify transaction after lockAddress, so the codes tried for one address are
 * checked one at a time: none is tried past the ceiling, and exactly one failure starts the pause.
 */

/** Serialises code checks for the address until the transaction ends. */
export async function lockAddress(trx: Kysely<Database>, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${failedCodesOf(email).bucket}))`.execute(trx);
}

export interface SignInPause {
  /** When the oldest counted failure leaves the window and a code may be tried again. */
  until: Date;
  retryAfterSeconds: number;
}

/** The pause in force for the address, or null. */
export async function signInPauseOf(db: Kysely<Database>, email: string, now: Date): Promise<SignInPause | null> {
  const rule = failedCodesOf(email);
  // The limit-th newest failure in the window: while it is in the window, the address is paused.
  const blocking = await db
    .selectFrom('rate_limit_hits')
    .select('created_at')
    .where('bucket', '=', rule.bucket)
    .where('created_at', '>', new Date(now.getTime() - rule.windowMs))
    .orderBy('created_at', 'desc')
    .offset(rule.limit - 1)
    .limit(1)
    .executeTakeFirst();
  if (!blocking) return null;
  const until = new Date(blocking.created_at.getTime() + rule.windowMs);
  return { until, retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) };
}

/** Counts a wrong code; returns the pause when this failure started it (to tell the member once). */
export async function recordFailedCode(db: Kysely<Database>, email: string, now: Date): Promise<SignInPause | null> {
  const rule = failedCodesOf(email);
  await db
    .deleteFrom('rate_limit_hits')
    .where('bucket', '=', rule.bucket)
    .where('created_at', '<=', new Date(now.getTime() - rule.windowMs))
    .execute();
  const { count } = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('bucket', '=', rule.bucket)
    .executeTakeFirstOrThrow();
  await db.insertInto('rate_limit_hits').values({ bucket: rule.bucket, created_at: now }).execute();
  return Number(count) + 1 === rule.limit ? signInPauseOf(db, email, now) : null;
}

/** A correct code: the failures before it no longer count. */
export async function clearFailedCodes(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('bucket', '=', failedCodesOf(email).bucket).execute();
}
