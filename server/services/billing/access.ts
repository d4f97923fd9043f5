import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { SubscriptionStatus } from '../../../contract/subscription';

/** The stored subscription columns that decide PRO access. */
export interface AccessState {
  status: SubscriptionStatus;
  ends_at: Date | null;
  past_due_since: Date | null;
}

/** The columns to select for hasProAccess. */
export const ACCESS_COLUMNS = ['status', 'ends_at', 'past_due_since'] as const;

/**
 * How long a failed renewal keeps PRO: Stripe retries the card over days (Smart Retries), and a
 * member whose bank declined once should not lose an event they are at while it does. A week
 * covers the usual retries; after it, access waits for the payment.
 */
export const PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

/**
 * PRO features are on for PRO and TRIALING, including a cancelled PRO until its end date (docs/product.md
 * section 4: "cancelled but still active"), and for PAST_DUE during the grace period.
 */
export function hasProAccess(subscription: AccessState | undefined, now: Date): boolean {
  if (!subscription) return false;
  const at = now.getTime();
  switch (subscription.status) {
    case 'PRO':
    case 'TRIALING':
      return subscription.ends_at === null || subscription.ends_at.getTime() > at;
    case 'PAST_DUE':
      return subscription.past_due_since !== null && at < subscription.past_due_since.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS;
    case 'FREE':
      return false;
  }
}

/**
 * hasProAccess as SQL, for statements that decide what a member sees without reading the
 * subscription first (the feed, a profile's events). Kept beside hasProAccess: the two must agree
 * (access.test.ts checks every status against both).
 */
export function proAccessSql(user: Expression<unknown> | string, now: Date): RawBuilder<SqlBool> {
  const u = typeof user === 'string' ? sql`${user}` : user;
  return sql<SqlBool>`exists (select 1 from subscriptions pa where pa.user_id = ${u} and (
    (pa.status in ('PRO', 'TRIALING') and (pa.ends_at is null or pa.ends_at > ${now}))
    or (pa.status = 'PAST_DUE' and pa.past_due_since is not null
      and ${now} < pa.past_due_since + ${sql.lit(`${PAST_DUE_GRACE_DAYS} days`)}::interval)))`;
}
