import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_ID, NOW, startTestCheckout } from './test-harness';

let harness: Awaited<ReturnType<typeof startTestCheckout>>;
beforeAll(async () => {
  harness = await startTestCheckout();
});
afterAll(() => harness.close());

describe('the local test checkout answers the SDK as Stripe does', () => {
  it('creates one customer for two creates with the same Idempotency-Key, and refuses the key for another body', async () => {
    const { stripe } = harness;
    const first = await stripe.customers.create({ email: 'twice@example.com', metadata: { userId: 'u-2' } }, { idempotencyKey: 'customer-u-2' });
    const second = await stripe.customers.create({ email: 'twice@example.com', metadata: { userId: 'u-2' } }, { idempotencyKey: 'customer-u-2' });
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ object: 'customer', email: 'twice@example.com', metadata: { userId: 'u-2' }, livemode: false, created: NOW });
    expect(first.id).toMatch(/^cus_/);
    const listed = await stripe.customers.list({ email: 'twice@example.com' });
    expect(listed.data.map((customer) => customer.id)).toEqual([first.id]);

    const reused = stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'customer-u-2' });
    await expect(reused).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((await stripe.customers.retrieve(first.id)).id).toBe(first.id);
  });

  it('creates a subscription checkout session whose url is its hosted page', async () => {
    const { stripe, local } = harness;
    const { customer, session } = await harness.startCheckout();
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      client_reference_id: 'user-1',
      metadata: { userId: 'user-1' },
      success_url: 'http://app.test/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/subscription/cancel',
      subscription: null,
      amount_total: 5000,
      currency: 'sek',
      livemode: false,
      created: NOW,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${local.origin}/checkout/${session.id}`);
    const read = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(read.id).toBe(session.id);
    expect(read.subscription).toBeNull();
  });

  it('refuses an unknown price and an unknown customer as Stripe does', async () => {
    const { stripe } = harness;
    const unknownPrice = stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_nope', quantity: 1 }],
      success_url: 'http://app.test/ok',
    });
    await expect(unknownPrice).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      param: 'line_items[0][price]',
      statusCode: 400,
    });
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404 });
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_missing' })).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' });
  });

  it('creates a portal session whose url is its hosted page', async () => {
    const { stripe, local } = harness;
    const customer = await stripe.customers.create({ email: 'portal@example.com' });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://app.test/profile?from_portal=true' });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://app.test/profile?from_portal=true',
      livemode: false,
    });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal.url).toBe(`${local.origin}/portal/${portal.id}`);
  });

  it('knows the configured price: PRO, 5000 öre a month', async () => {
    const price = await harness.stripe.prices.retrieve(PRICE_ID, { expand: ['product'] });
    expect(price).toMatchObject({
      id: PRICE_ID,
      object: 'price',
      unit_amount: 5000,
      currency: 'sek',
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
    });
    expect(price.product).toMatchObject({ object: 'product', name: 'PRO' });
    await expect(harness.stripe.prices.retrieve('price_other')).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('answers 401 to a wrong key, which the SDK throws as StripeAuthenticationError', async () => {
    const wrong = new Stripe('not_a_key', { host: harness.local.host, port: harness.local.port, protocol: 'http', maxNetworkRetries: 0 });
    const attempt = wrong.customers.create({ email: 'x@example.com' });
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 401 });
    const bare = await fetch(`${harness.local.origin}/v1/customers`);
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('lists subscriptions by customer, leaving canceled ones out unless status=all', async () => {
    const { stripe } = harness;
    const { customer, subscriptionId } = await harness.subscribe();
    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([subscriptionId]);
    const canceled = await stripe.subscriptions.cancel(subscriptionId);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: NOW, canceled_at: NOW });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    const all = await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(all).toMatchObject({ object: 'list', has_more: false, url: '/v1/subscriptions' });
    expect(all.data.map((s) => s.id)).toEqual([subscriptionId]);
    expect(harness.receiver.types().slice(-1)).toEqual(['customer.subscription.deleted']);
  });
});
