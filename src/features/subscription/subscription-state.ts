import { PLAN_NAMES, type Plan, type SubscriptionResponse } from '../../../contract/subscription';

const DAY_MS = 24 * 60 * 60_000;

/**
 * docs/product.md section 4: days left of a cancelled PRO, the rounded-up difference to endsAt (ends in
 * 2.1 days: 3). Never below 0: a period that already ended while the webhook is on its way is 0.
 */
export function daysLeft(endsAt: string, now: number = Date.now()): number {
  const end = new Date(endsAt).getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

/** What the profile's subscription card shows, one state of docs/product.md section 4 each. */
export type CardState =
  | { kind: 'past-due' }
  | { kind: 'trialing'; planName: string; nextBilling: string | null }
  | { kind: 'canceled'; daysLeft: number; endsAt: string }
  | { kind: 'pro'; planName: string; nextBilling: string | null }
  | { kind: 'free' };

/** docs/product.md section 4's states, first match wins in its order. */
export function cardState(answer: SubscriptionResponse, now: number = Date.now()): CardState {
  const { status, endsAt, plan } = answer.subscription;
  const nextBilling = answer.stripe.currentPeriodEnd;
  if (status === 'PAST_DUE') return { kind: 'past-due' };
  if (status === 'TRIALING') return { kind: 'trialing', planName: plan.name, nextBilling };
  if (status === 'PRO' && endsAt) return { kind: 'canceled', daysLeft: daysLeft(endsAt, now), endsAt };
  if (status === 'PRO') return { kind: 'pro', planName: plan.name, nextBilling };
  return { kind: 'free' };
}

/** A PRO that was cancelled and now runs on with endsAt null: 'Subscription Reactivated!'. */
export function wasReactivated(before: SubscriptionResponse | undefined, after: SubscriptionResponse | undefined): boolean {
  if (!before || !after) return false;
  const wasCancelled = before.subscription.status === 'PRO' && before.subscription.endsAt !== null;
  return wasCancelled && after.subscription.status === 'PRO' && after.subscription.endsAt === null;
}

/** Whether the member is on PRO (in any of its states), i.e. has a subscription to manage. */
export const isOnPro = (answer: SubscriptionResponse | undefined) => answer !== undefined && answer.subscription.status !== 'FREE';

/** The checkout return page waits until the webhook made the member PRO or TRIALING. */
export const isActivated = (answer: SubscriptionResponse | undefined) => answer?.subscription.status === 'PRO' || answer?.subscription.status === 'TRIALING';

/** docs/product.md section 4: the FREE card's list when the plans give none. */
export const FALLBACK_PRO_FEATURES = ['Full event database access', 'Personal event recommendations', 'Exclusive event access'] as const;

export const proPlan = (plans: readonly Plan[] | undefined) => plans?.find((plan) => plan.name === PLAN_NAMES.pro);

/** PRO's features from GET plans, or docs/product.md's fallback while they are missing or failed. */
export function proFeatures(plans: readonly Plan[] | undefined): readonly string[] {
  const features = proPlan(plans)?.features;
  return features && features.length > 0 ? features : FALLBACK_PRO_FEATURES;
}
