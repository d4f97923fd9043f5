import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../../contract/subscription';

/** What the product stores of a Stripe subscription (the subscriptions table). */
export interface StoredSubscription {
  status: SubscriptionStatus;
  endsAt: Date | null;
  currentPeriodEnd: Date | null;
  subscriptionId: string | null;
}

/**
 * Stripe's statuses mapped to docs/product.md's (section 4): active -> PRO (with endsAt when it is set
 * to cancel at the period's end), trialing -> TRIALING, past_due and unpaid -> PAST_DUE, canceled
 * and incomplete_expired -> FREE. incomplete (the first payment still pending) and paused give
 * nothing yet: FREE.
 */
export function storedStateOf(subscription: Stripe.Subscription): StoredSubscription {
  // In this API version the period lives on the items; a subscription has one item, PRO.
  const periodEnd = subscription.items.data.reduce<number | null>((end, item) => Math.max(end ?? 0, item.current_period_end), null);
  const currentPeriodEnd = periodEnd === null ? null : new Date(periodEnd * 1000);
  const base = { currentPeriodEnd, subscriptionId: subscription.id };
  switch (subscription.status) {
    case 'active': {
      const cancelAt = subscription.cancel_at ?? (subscription.cancel_at_period_end ? periodEnd : null);
      return { ...base, status: 'PRO', endsAt: cancelAt === null ? null : new Date(cancelAt * 1000) };
    }
    case 'trialing':
      return { ...base, status: 'TRIALING', endsAt: subscription.cancel_at ? new Date(subscription.cancel_at * 1000) : null };
    case 'past_due':
    case 'unpaid':
      return { ...base, status: 'PAST_DUE', endsAt: null };
    default:
      return { ...base, status: 'FREE', endsAt: null };
  }
}

/** Which of a customer's subscriptions tells their state: a live one before an ended one, then the newest. */
export function currentSubscription(subscriptions: Stripe.Subscription[]): Stripe.Subscription | null {
  const rank = (s: Stripe.Subscription) => (['active', 'trialing', 'past_due', 'unpaid'].includes(s.status) ? 1 : 0);
  return [...subscriptions].sort((a, b) => rank(b) - rank(a) || b.created - a.created)[0] ?? null;
}
