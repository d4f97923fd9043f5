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
 * PRO features are on for PRO and TRIALING, including a cancelled PRO until its end date (SPEC.md
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
