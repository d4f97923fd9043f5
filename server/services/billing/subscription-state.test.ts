import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { hasProAccess, PAST_DUE_GRACE_DAYS } from './access';
import { currentSubscription, storedStateOf } from './subscription-state';

/** The mapping of Stripe's subscription to docs/product.md's statuses (section 4), and the access rule. */

const PERIOD_END = 1_800_000_000;

function subscription(status: Stripe.Subscription.Status, extra: Partial<Stripe.Subscription> = {}): Stripe.Subscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    status,
    created: 1_700_000_000,
    cancel_at: null,
    cancel_at_period_end: false,
    items: { object: 'list', data: [{ id: 'si_1', current_period_end: PERIOD_END } as Stripe.SubscriptionItem], has_more: false, url: '' },
    ...extra,
  } as Stripe.Subscription;
}

describe("Stripe's statuses as docs/product.md's", () => {
  it('maps active, trialing, past_due, unpaid, canceled, incomplete_expired and incomplete', () => {
    expect(storedStateOf(subscription('active'))).toEqual({
      status: 'PRO',
      endsAt: null,
      currentPeriodEnd: new Date(PERIOD_END * 1000),
      subscriptionId: 'sub_1',
    });
    expect(storedStateOf(subscription('trialing')).status).toBe('TRIALING');
    expect(storedStateOf(subscription('past_due')).status).toBe('PAST_DUE');
    expect(storedStateOf(subscription('unpaid')).status).toBe('PAST_DUE');
    expect(storedStateOf(subscription('canceled')).status).toBe('FREE');
    expect(storedStateOf(subscription('incomplete_expired')).status).toBe('FREE');
    expect(storedStateOf(subscription('incomplete')).status).toBe('FREE');
  });

  it('gives a PRO set to cancel at the period end its end date (cancelled but still active)', () => {
    expect(storedStateOf(subscription('active', { cancel_at_period_end: true })).endsAt).toEqual(new Date(PERIOD_END * 1000));
    expect(storedStateOf(subscription('active', { cancel_at: PERIOD_END - 100 })).endsAt).toEqual(new Date((PERIOD_END - 100) * 1000));
  });

  it("takes a customer's live subscription before an ended one, then the newest", () => {
    const old = subscription('canceled', { id: 'sub_old', created: 1_800_000_500 });
    const live = subscription('past_due', { id: 'sub_live', created: 1_700_000_000 });
    expect(currentSubscription([old, live])?.id).toBe('sub_live');
    expect(currentSubscription([subscription('canceled', { id: 'a', created: 1 }), subscription('canceled', { id: 'b', created: 2 })])?.id).toBe('b');
    expect(currentSubscription([])).toBeNull();
  });
});

describe('PRO access', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const day = 24 * 60 * 60_000;
  it('PRO and TRIALING until their end, PAST_DUE during the grace period from the first failure, FREE never', () => {
    expect(hasProAccess({ status: 'PRO', ends_at: null, past_due_since: null }, now)).toBe(true);
    expect(hasProAccess({ status: 'PRO', ends_at: new Date(now.getTime() + day), past_due_since: null }, now)).toBe(true);
    expect(hasProAccess({ status: 'PRO', ends_at: new Date(now.getTime() - 1), past_due_since: null }, now)).toBe(false);
    expect(hasProAccess({ status: 'TRIALING', ends_at: null, past_due_since: null }, now)).toBe(true);
    const failed = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
    expect(hasProAccess({ status: 'PAST_DUE', ends_at: null, past_due_since: failed(PAST_DUE_GRACE_DAYS - 1) }, now)).toBe(true);
    expect(hasProAccess({ status: 'PAST_DUE', ends_at: null, past_due_since: failed(PAST_DUE_GRACE_DAYS) }, now)).toBe(false);
    expect(hasProAccess({ status: 'PAST_DUE', ends_at: null, past_due_since: null }, now)).toBe(false);
    expect(hasProAccess({ status: 'FREE', ends_at: null, past_due_since: null }, now)).toBe(false);
    expect(hasProAccess(undefined, now)).toBe(false);
  });
});
