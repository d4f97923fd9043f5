import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOW, PRICE_ID, WEBHOOK_SECRET, startTestCheckout } from './test-harness';

let harness: Awaited<ReturnType<typeof startTestCheckout>>;
beforeAll(async () => {
  harness = await startTestCheckout();
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.receiver.clear();
});

/** 2026-10-21T13:46:40Z: one calendar month after NOW. */
const ONE_MONTH_LATER = 1_792_592_000;

describe('the hosted checkout page', () => {
  it('says plainly that it is a test, the plan, the card fields and a way back', async () => {
    const { session } = await harness.startCheckout();
    const response = await fetch(session.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('Test mode: no card is charged');
    expect(html).toContain('PRO');
    expect(html).toContain('50 SEK per month');
    expect(html).toMatch(/<label for="card-number">Card number<\/label>/);
    expect(html).toMatch(/<label for="card-expiry">/);
    expect(html).toMatch(/<label for="card-cvc">CVC<\/label>/);
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('href="http://app.test/subscription/cancel">Cancel</a>');
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
  });

  it('with 4242: completes the session, subscribes, pays the invoice, delivers signed events in order, then redirects', async () => {
    const { stripe, receiver } = harness;
    const { customer, session } = await harness.startCheckout();
    const response = await harness.pay(session.id, '4242 4242 4242 4242');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://app.test/subscription/success?session_id=${session.id}`);

    // Delivered before the redirect, so the product knows by the time the member is back.
    expect(receiver.types()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    const events = receiver.received.map((webhook) => {
      expect(webhook.contentType).toMatch(/^application\/json/);
      expect(webhook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      return stripe.webhooks.constructEvent(webhook.rawBody, webhook.signature, WEBHOOK_SECRET);
    });
    for (const event of events) {
      expect(event).toMatchObject({ object: 'event', api_version: Stripe.API_VERSION, created: NOW, livemode: false, pending_webhooks: 1 });
      expect(event.id).toMatch(/^evt_/);
      expect(event.request).toEqual({ id: null, idempotency_key: null });
    }
    expect(() => stripe.webhooks.constructEvent(receiver.received[0]!.rawBody, receiver.received[0]!.signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id, url: null });
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      metadata: { userId: 'user-1' },
      livemode: false,
      created: NOW,
    });
    expect(subscription.id).toMatch(/^sub_/);
    const item = subscription.items.data[0]!;
    expect(subscription.items).toMatchObject({ object: 'list', has_more: false });
    expect(item).toMatchObject({ object: 'subscription_item', quantity: 1, current_period_start: NOW, current_period_end: ONE_MONTH_LATER });
    expect(item.id).toMatch(/^si_/);
    expect(item.price).toMatchObject({ id: PRICE_ID, unit_amount: 5000, currency: 'sek' });

    const sessionEvent = events[0]!.data.object as Stripe.Checkout.Session;
    expect(sessionEvent).toMatchObject({
      id: session.id,
      client_reference_id: 'user-1',
      subscription: subscription.id,
      customer: customer.id,
      metadata: { userId: 'user-1' },
    });
    expect((events[1]!.data.object as Stripe.Subscription).id).toBe(subscription.id);
    const invoice = events[2]!.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({
      object: 'invoice',
      customer: customer.id,
      status: 'paid',
      amount_due: 5000,
      amount_paid: 5000,
      currency: 'sek',
      billing_reason: 'subscription_create',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    expect(invoice.id).toMatch(/^in_/);
    expect(subscription.latest_invoice).toBe(invoice.id);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ id: invoice.id, status: 'paid' });

    const again = await fetch(session.url!);
    expect(await again.text()).toContain('This checkout is already paid.');
  });

  it('with 0341: shows the decline and creates nothing', async () => {
    const { stripe, receiver } = harness;
    const { customer, session } = await harness.startCheckout('declined@example.com');
    const response = await harness.pay(session.id, '4000 0000 0000 0341');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Your card was declined.');
    expect(html).toContain('Test mode: no card is charged');
    expect(receiver.received).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open', payment_status: 'unpaid', subscription: null });
  });

  it('refuses a mistyped card or expiry with a message and no effect', async () => {
    const { session } = await harness.startCheckout();
    const mistyped = await (await harness.pay(session.id, '1234')).text();
    expect(mistyped).toContain('Your card number is incomplete.');
    const expired = await fetch(`${harness.local.origin}/checkout/${session.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242424242424242', cardExpiry: '13/30', cardCvc: '123' }).toString(),
    });
    expect(await expired.text()).toContain('Your card&#39;s expiration date is incomplete.');
    expect(harness.receiver.received).toEqual([]);
  });

  it('expires an unpaid session after 24 hours, as Stripe does', async () => {
    const { session } = await harness.startCheckout();
    harness.clock.now = NOW + 24 * 60 * 60;
    try {
      expect(await (await fetch(session.url!)).text()).toContain('This checkout has expired.');
      expect(harness.receiver.types()).toEqual(['checkout.session.expired']);
      expect(await harness.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'expired', url: null });
      expect((await harness.pay(session.id, '4242424242424242')).status).toBe(200);
      expect(harness.receiver.types()).toEqual(['checkout.session.expired']);
    } finally {
      harness.clock.now = NOW;
    }
  });

  it('has no page for an unknown session', async () => {
    const response = await fetch(`${harness.local.origin}/checkout/cs_test_unknown`);
    expect(response.status).toBe(404);
  });
});
