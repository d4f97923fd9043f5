import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOW, WEBHOOK_SECRET, startTestCheckout } from './test-harness';

let harness: Awaited<ReturnType<typeof startTestCheckout>>;
beforeAll(async () => {
  harness = await startTestCheckout();
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.clock.now = NOW;
});

/** 21 October 2026, one calendar month after NOW. */
const PERIOD_END = 1_792_592_000;

async function openPortal() {
  const subscribed = await harness.subscribe();
  const portal = await harness.stripe.billingPortal.sessions.create({
    customer: subscribed.customer.id,
    return_url: 'http://app.test/profile?from_portal=true',
  });
  harness.receiver.clear();
  return { ...subscribed, portal };
}

/** Presses one of the portal's buttons the way a browser submits its form. */
async function press(portalId: string, action: string) {
  const response = await fetch(`${harness.local.origin}/portal/${portalId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(`/portal/${portalId}`);
  const events = harness.receiver.received.map((webhook) => harness.stripe.webhooks.constructEvent(webhook.rawBody, webhook.signature, WEBHOOK_SECRET));
  harness.receiver.clear();
  return events;
}

const pageOf = async (url: string) => (await fetch(url)).text();

describe('the hosted portal page', () => {
  it('shows the plan, the next billing date and the way back', async () => {
    const { portal } = await openPortal();
    const html = await pageOf(portal.url);
    expect(html).toContain('Test mode: no card is charged');
    expect(html).toContain('PRO');
    expect(html).toContain('Active');
    expect(html).toContain('Next billing date: 21 October 2026');
    expect(html).toContain('>Cancel subscription</button>');
    expect(html).toContain('>Fail the next payment</button>');
    expect(html).toContain('href="http://app.test/profile?from_portal=true">Return to Mingle</a>');
  });

  it('cancels at the period end, reactivates, and ends the period now', async () => {
    const { stripe } = harness;
    const { portal, subscriptionId } = await openPortal();

    harness.clock.now = NOW + 60;
    const cancelled = await press(portal.id, 'cancel');
    expect(cancelled.map((event) => event.type)).toEqual(['customer.subscription.updated']);
    expect(cancelled[0]!.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: PERIOD_END,
      canceled_at: NOW + 60,
    });
    const page = await pageOf(portal.url);
    expect(page).toContain('Cancels on 21 October 2026');
    expect(page).toContain('>Reactivate</button>');
    expect(page).toContain('>End the period now</button>');

    const reactivated = await press(portal.id, 'reactivate');
    expect(reactivated.map((event) => event.type)).toEqual(['customer.subscription.updated']);
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });

    await press(portal.id, 'cancel');
    harness.clock.now = NOW + 120;
    const ended = await press(portal.id, 'end_period');
    expect(ended.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    expect((ended[0]!.data.object as Stripe.Subscription).status).toBe('canceled');
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'canceled', ended_at: NOW + 120 });
    expect(await pageOf(portal.url)).toContain('Canceled');
  });

  it('fails the next payment (past_due), then pays the open invoice (active again)', async () => {
    const { stripe } = harness;
    const { portal, subscriptionId } = await openPortal();

    const failed = await press(portal.id, 'fail_payment');
    expect(failed.map((event) => event.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    const openInvoice = failed[0]!.data.object as Stripe.Invoice;
    expect(openInvoice).toMatchObject({
      status: 'open',
      amount_due: 5000,
      amount_paid: 0,
      billing_reason: 'subscription_cycle',
      parent: { subscription_details: { subscription: subscriptionId } },
    });
    expect(failed[1]!.data.previous_attributes).toMatchObject({ status: 'active' });
    const pastDue = await stripe.subscriptions.retrieve(subscriptionId);
    expect(pastDue).toMatchObject({ status: 'past_due', latest_invoice: openInvoice.id });
    const page = await pageOf(portal.url);
    expect(page).toContain('Past due');
    expect(page).toContain('>Pay the open invoice</button>');
    expect(page).not.toContain('>Fail the next payment</button>');

    const paid = await press(portal.id, 'pay_invoice');
    expect(paid.map((event) => event.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(paid[0]!.data.object).toMatchObject({ id: openInvoice.id, status: 'paid', amount_paid: 5000 });
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'active' });
    expect(await stripe.invoices.retrieve(openInvoice.id)).toMatchObject({ status: 'paid' });
  });

  it("answers the API's own cancel_at_period_end update with one updated event, and none when nothing changes", async () => {
    const { stripe } = harness;
    const { subscriptionId } = await openPortal();
    const updated = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancel_at: PERIOD_END });
    // The API answers first and delivers after, as Stripe does.
    await expect.poll(() => harness.receiver.types()).toEqual(['customer.subscription.updated']);
    const event = JSON.parse(harness.receiver.received[0]!.rawBody) as Stripe.Event;
    expect(event.request?.id).toMatch(/^req_/);
    const again = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(again.cancel_at_period_end).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(harness.receiver.types()).toEqual(['customer.subscription.updated']);
  });
});
