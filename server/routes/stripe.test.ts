import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_FEATURES, SUBSCRIPTION_ERRORS } from '../../contract/subscription';
import { DAY, insertEvent, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/**
 * /api/stripe/* without a Stripe to talk to: plans, the member's subscription and access from the
 * stored row, and every refusal that comes before a call to Stripe. Checkout, the portal and the
 * webhooks' effects are tested against the local test checkout.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function store(
  member: Member,
  values: { status: 'PRO' | 'FREE' | 'PAST_DUE' | 'TRIALING'; ends_at?: Date | null; current_period_end?: Date | null; past_due_since?: Date | null },
) {
  await t.db
    .insertInto('subscriptions')
    .values({ user_id: member.id, plan_name: values.status === 'FREE' ? null : 'PRO', updated_at: new Date(), ends_at: null, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ends_at: null, current_period_end: null, past_due_since: null, ...values }))
    .execute();
}

describe('plans', () => {
  it('lists Free and PRO (50 SEK a month) with their features and the configured price id', async () => {
    const ada = await newMember(t);
    const res = await ada.client.get('/api/stripe/plans');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { name: 'Free', stripePriceId: null, price: 0, currency: 'SEK', interval: 'month', features: [...PLAN_FEATURES.free] },
      { name: 'PRO', stripePriceId: 'price_local_pro', price: 50, currency: 'SEK', interval: 'month', features: [...PLAN_FEATURES.pro] },
    ]);
    // Nothing PRO promises that Free already has: Free shows no ads.
    expect(PLAN_FEATURES.pro.join(' ')).not.toMatch(/ad-free|no ads/i);
    expect((await t.client().get('/api/stripe/plans')).status).toBe(401);
  });
});

describe('the subscription and access', () => {
  it('is FREE with no access for a member who never subscribed', async () => {
    const ada = await newMember(t);
    expect((await ada.client.get('/api/stripe/subscription')).body).toEqual({
      subscription: { status: 'FREE', endsAt: null, plan: { name: 'Free' } },
      stripe: { currentPeriodEnd: null },
    });
    expect((await ada.client.get('/api/stripe/check-access')).body).toEqual({ hasAccess: false });
  });

  it('tells PRO with its next billing date, a cancelled PRO with its end, and FREE once that end has passed', async () => {
    const ada = await newMember(t);
    const periodEnd = new Date(Date.now() + 20 * DAY);
    await store(ada, { status: 'PRO', current_period_end: periodEnd });
    expect((await ada.client.get('/api/stripe/subscription')).body).toEqual({
      subscription: { status: 'PRO', endsAt: null, plan: { name: 'PRO' } },
      stripe: { currentPeriodEnd: periodEnd.toISOString() },
    });
    expect((await ada.client.get('/api/stripe/check-access')).body).toEqual({ hasAccess: true });

    await store(ada, { status: 'PRO', current_period_end: periodEnd, ends_at: periodEnd });
    expect((await ada.client.get('/api/stripe/subscription')).body.subscription).toEqual({
      status: 'PRO',
      endsAt: periodEnd.toISOString(),
      plan: { name: 'PRO' },
    });
    expect((await ada.client.get('/api/stripe/check-access')).body).toEqual({ hasAccess: true });

    t.clock.advance(21 * DAY);
    try {
      expect((await ada.client.get('/api/stripe/subscription')).body.subscription.status).toBe('FREE');
      expect((await ada.client.get('/api/stripe/check-access')).body).toEqual({ hasAccess: false });
    } finally {
      t.clock.advance(-21 * DAY);
    }
  });

  it('keeps PRO for PAST_DUE during the grace period, and PRO-only events open and close with it', async () => {
    const ada = await newMember(t);
    const proOnly = await insertEvent(t.db, { isProOnly: true });
    // A locked PRO-only event comes as a preview, without its eventData.
    const locked = async () => (await ada.client.get(`/api/events/${proOnly.id}`)).body.eventData === undefined;
    expect(await locked()).toBe(true);
    await store(ada, { status: 'PAST_DUE', past_due_since: t.clock.now() });
    expect((await ada.client.get('/api/stripe/subscription')).body.subscription.status).toBe('PAST_DUE');
    expect((await ada.client.get('/api/stripe/check-access')).body).toEqual({ hasAccess: true });
    expect((await ada.client.get('/api/users/me')).body.hasProAccess).toBe(true);
    expect(await locked()).toBe(false);
    t.clock.advance(8 * DAY);
    try {
      expect((await ada.client.get('/api/stripe/check-access')).body).toEqual({ hasAccess: false });
      expect(await locked()).toBe(true);
    } finally {
      t.clock.advance(-8 * DAY);
    }
  });
});

describe('refusals before any call to Stripe', () => {
  const origin = 'http://localhost';
  const checkout = (member: Member, body: Record<string, unknown>) => member.client.post('/api/stripe/create-checkout-session', body);

  it("refuses a price id that does not start with 'price_', another price, and URLs outside the app", async () => {
    const ada = await newMember(t);
    const valid = { priceId: 'price_local_pro', successUrl: `${origin}/subscription/success`, cancelUrl: `${origin}/subscription/cancel` };
    expect((await checkout(ada, { ...valid, priceId: 'prod_123' })).body).toEqual({ error: SUBSCRIPTION_ERRORS.invalidPriceId, field: 'priceId' });
    expect((await checkout(ada, { ...valid, priceId: 'price_other' })).body).toEqual({ error: SUBSCRIPTION_ERRORS.unknownPrice, field: 'priceId' });
    for (const bad of ['https://evil.example/subscription/success', `${origin}.evil.example/x`, 'javascript:alert(1)', '/subscription/success']) {
      const res = await checkout(ada, { ...valid, successUrl: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({ error: SUBSCRIPTION_ERRORS.invalidRedirectUrls, field: 'successUrl' });
    }
    expect((await checkout(ada, { ...valid, cancelUrl: 'https://evil.example/' })).body).toEqual({
      error: SUBSCRIPTION_ERRORS.invalidRedirectUrls,
      field: 'cancelUrl',
    });
  });

  it('refuses a second checkout to a member who has PRO', async () => {
    const ada = await newMember(t);
    await store(ada, { status: 'PRO' });
    const res = await checkout(ada, { priceId: 'price_local_pro', successUrl: `${origin}/s`, cancelUrl: `${origin}/c` });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: SUBSCRIPTION_ERRORS.alreadySubscribed });
  });

  it('refuses a portal outside the app, and a portal for a member who never went to checkout', async () => {
    const ada = await newMember(t);
    expect((await ada.client.post('/api/stripe/create-portal-session', { returnUrl: 'https://evil.example/profile' })).body).toEqual({
      error: SUBSCRIPTION_ERRORS.invalidReturnUrl,
      field: 'returnUrl',
    });
    const res = await ada.client.post('/api/stripe/create-portal-session', { returnUrl: `${origin}/profile` });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: SUBSCRIPTION_ERRORS.noSubscription });
  });

  it('refuses a webhook that is not signed, and changes nothing', async () => {
    const res = await t.client().post('/api/stripe/webhook', { id: 'evt_1', type: 'customer.subscription.deleted', data: { object: { customer: 'cus_1' } } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: SUBSCRIPTION_ERRORS.invalidSignature });
    expect(await t.db.selectFrom('stripe_events').selectAll().execute()).toEqual([]);
  });
});
