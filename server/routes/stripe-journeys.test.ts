import { SUBSCRIPTION_ERRORS } from '../../contract/subscription';
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeDemoProMembers } from '../local-payments';
import { createLogger } from '../logger';
import { connect, insertEvent, insertOrganizer, newMember, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createPaymentsContext, postForm, TEST_WEBHOOK_SECRET } from '../test/helpers/payments';
import { testConfig } from '../test/helpers/test-app';

/**
 * Free and PRO end to end against the local test checkout, which speaks Stripe's API and signs its
 * webhooks as Stripe does: checkout, the portal's cancel, reactivate, a failed and a paid invoice,
 * and the webhook's rules (one effect per event id, order not assumed).
 */

let t: Awaited<ReturnType<typeof createPaymentsContext>>;
beforeAll(async () => {
  t = await createPaymentsContext();
});
afterAll(() => t.closeAll());

const ORIGIN = 'http://localhost';
const status = async (member: Member) => (await member.client.get('/api/stripe/subscription')).body;
const access = async (member: Member) => (await member.client.get('/api/stripe/check-access')).body.hasAccess as boolean;

async function checkout(member: Member): Promise<string> {
  const res = await member.client.post('/api/stripe/create-checkout-session', {
    priceId: 'price_local_pro',
    successUrl: `${ORIGIN}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${ORIGIN}/subscription/cancel`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.url).toMatch(new RegExp(`^${t.checkoutOrigin}/checkout/cs_`));
  return res.body.url;
}

/** Subscribes the member as they would: checkout, the card 4242, back to the app. */
async function subscribe(member: Member): Promise<void> {
  const paid = await postForm(await checkout(member), { cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' });
  expect(paid.status).toBe(303);
  expect(paid.location).toMatch(new RegExp(`^${ORIGIN}/subscription/success\\?session_id=cs_`));
}

async function portal(member: Member): Promise<string> {
  const res = await member.client.post('/api/stripe/create-portal-session', { returnUrl: `${ORIGIN}/profile?from_portal=true` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.url;
}

/** Signs a body as Stripe does, for sending a webhook again (as Stripe's retries do) or late. */
function signed(rawBody: string): string {
  const at = Math.floor(Date.now() / 1000);
  return `t=${at},v1=${createHmac('sha256', TEST_WEBHOOK_SECRET).update(`${at}.${rawBody}`).digest('hex')}`;
}
const deliver = (rawBody: string, signature = signed(rawBody)) =>
  t.app.request('http://localhost/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: rawBody,
  });

describe('upgrading through checkout', () => {
  it('turns a free member into PRO once the webhooks land, and PRO-only events open', async () => {
    const ada = await newMember(t);
    const proOnly = await insertEvent(t.db, { isProOnly: true, name: 'Founders Dinner' });
    expect((await ada.client.get(`/api/events/${proOnly.id}`)).body.eventData).toBeUndefined();
    await subscribe(ada);
    expect(t.webhooks.slice(-3).map((w) => [w.type, w.status])).toEqual([
      ['checkout.session.completed', 200],
      ['customer.subscription.created', 200],
      ['invoice.paid', 200],
    ]);
    const after = await status(ada);
    expect(after.subscription).toEqual({ status: 'PRO', endsAt: null, plan: { name: 'PRO' } });
    expect(Date.parse(after.stripe.currentPeriodEnd)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await access(ada)).toBe(true);
    expect((await ada.client.get('/api/users/me')).body.hasProAccess).toBe(true);
    expect((await ada.client.get(`/api/events/${proOnly.id}`)).body.eventData.name).toBe('Founders Dinner');
    // A second checkout would charge twice.
    expect(
      (await ada.client.post('/api/stripe/create-checkout-session', { priceId: 'price_local_pro', successUrl: `${ORIGIN}/s`, cancelUrl: `${ORIGIN}/c` }))
        .status,
    ).toBe(409);
  });

  it('leaves a member FREE when the card is declined', async () => {
    const bob = await newMember(t);
    const declined = await postForm(await checkout(bob), { cardNumber: '4000 0000 0000 0341', cardExpiry: '12 / 34', cardCvc: '123' });
    expect(declined.text).toContain('Your card was declined.');
    expect((await status(bob)).subscription.status).toBe('FREE');
    expect(await access(bob)).toBe(false);
  });

  it('makes one Stripe customer per member, also for two checkouts started at once', async () => {
    const cy = await newMember(t);
    const urls = await Promise.all([checkout(cy), checkout(cy)]);
    expect(new Set(urls).size).toBe(2);
    const rows = await t.db.selectFrom('subscriptions').select('stripe_customer_id').where('user_id', '=', cy.id).execute();
    expect(rows).toHaveLength(1);
    const client = new Stripe('sk_test_api_tests', {
      host: new URL(t.checkoutOrigin).hostname,
      port: Number(new URL(t.checkoutOrigin).port),
      protocol: 'http',
    });
    const customers = await client.customers.list({ email: (await cy.client.get('/api/users/me')).body.email, limit: 10 });
    expect(customers.data.map((c) => c.id)).toEqual([rows[0]!.stripe_customer_id]);
  });
});

describe('the portal', () => {
  it('cancels at the period end (PRO with endsAt, access kept), reactivates, fails a payment (PAST_DUE) and pays it (PRO)', async () => {
    const dee = await newMember(t);
    await subscribe(dee);
    const page = await portal(dee);
    expect(page).toMatch(new RegExp(`^${t.checkoutOrigin}/portal/`));

    await postForm(page, { action: 'cancel' });
    const cancelled = await status(dee);
    expect(cancelled.subscription.status).toBe('PRO');
    expect(cancelled.subscription.endsAt).toBe(cancelled.stripe.currentPeriodEnd);
    expect(await access(dee)).toBe(true);

    await postForm(page, { action: 'reactivate' });
    expect((await status(dee)).subscription).toEqual({ status: 'PRO', endsAt: null, plan: { name: 'PRO' } });

    await postForm(page, { action: 'fail_payment' });
    expect((await status(dee)).subscription.status).toBe('PAST_DUE');
    // Within the grace period PRO stays.
    expect(await access(dee)).toBe(true);

    await postForm(page, { action: 'pay_invoice' });
    expect((await status(dee)).subscription.status).toBe('PRO');
    const row = await t.db.selectFrom('subscriptions').select('past_due_since').where('user_id', '=', dee.id).executeTakeFirstOrThrow();
    expect(row.past_due_since).toBeNull();

    await postForm(page, { action: 'cancel' });
    await postForm(page, { action: 'end_period' });
    expect((await status(dee)).subscription).toEqual({ status: 'FREE', endsAt: null, plan: { name: 'Free' } });
    expect(await access(dee)).toBe(false);
  });
});

describe("'Reactivate now' in one step", () => {
  it('runs a PRO set to end on, says so in its answer at once, and refuses what is not set to end', async () => {
    const eve = await newMember(t);
    // Never subscribed: nothing to reactivate.
    expect((await eve.client.post('/api/stripe/reactivate')).status).toBe(404);
    await subscribe(eve);
    const running = await eve.client.post('/api/stripe/reactivate');
    expect(running.status).toBe(409);
    expect(running.body.error).toBe(SUBSCRIPTION_ERRORS.notEnding);

    await postForm(await portal(eve), { action: 'cancel' });
    expect((await status(eve)).subscription.endsAt).not.toBeNull();
    const reactivated = await eve.client.post('/api/stripe/reactivate');
    expect(reactivated.status, JSON.stringify(reactivated.body)).toBe(200);
    expect(reactivated.body.subscription).toEqual({ status: 'PRO', endsAt: null, plan: { name: 'PRO' } });
    expect((await status(eve)).subscription.endsAt).toBeNull();
    expect(await access(eve)).toBe(true);
  });
});

describe('webhooks', () => {
  it('apply an event id once: a redelivery has no second effect', async () => {
    const eve = await newMember(t);
    await subscribe(eve);
    const completed = t.webhooks.filter((w) => w.type === 'invoice.paid').at(-1)!;
    const before = await t.db.selectFrom('stripe_events').select('id').execute();
    const again = await deliver(completed.rawBody);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await t.db.selectFrom('stripe_events').select('id').execute()).toHaveLength(before.length);
  });

  it('do not assume order: an older event arriving late leaves the newer state', async () => {
    const fay = await newMember(t);
    await subscribe(fay);
    const page = await portal(fay);
    await postForm(page, { action: 'cancel' });
    const cancelEvent = t.webhooks.filter((w) => w.type === 'customer.subscription.updated').at(-1)!;
    await postForm(page, { action: 'reactivate' });
    expect((await status(fay)).subscription.endsAt).toBeNull();
    // The cancel's 'updated' again, late and under a new id (its copy says cancel_at_period_end).
    const late = JSON.stringify({ ...JSON.parse(cancelEvent.rawBody), id: 'evt_late_cancel_copy' });
    expect((await deliver(late)).status).toBe(200);
    expect((await status(fay)).subscription).toEqual({ status: 'PRO', endsAt: null, plan: { name: 'PRO' } });
  });

  it('refuse a body whose signature does not match, and change nothing', async () => {
    const gus = await newMember(t);
    await subscribe(gus);
    const paid = t.webhooks.filter((w) => w.type === 'invoice.paid').at(-1)!;
    const tampered = paid.rawBody.replace('"invoice.paid"', '"invoice.payment_failed"');
    const res = await deliver(tampered, paid.signature);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Invalid signature' });
    expect((await deliver(paid.rawBody, 't=1,v1=00')).status).toBe(400);
    expect((await status(gus)).subscription.status).toBe('PRO');
  });
});

describe("the demo data's PRO members", () => {
  it('get real subscriptions through the checkout and its webhooks, once', async () => {
    const demo = await newMember(t);
    await t.db.insertInto('subscriptions').values({ user_id: demo.id, status: 'PRO', plan_name: 'PRO', updated_at: new Date() }).execute();
    const config = testConfig({ STRIPE_SECRET_KEY: 'sk_test_api_tests', STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, STRIPE_API_BASE: t.checkoutOrigin });
    expect(await subscribeDemoProMembers(t.db, config, ORIGIN, createLogger('silent'))).toBe(1);
    const row = await t.db.selectFrom('subscriptions').selectAll().where('user_id', '=', demo.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'PRO',
      ends_at: null,
      stripe_customer_id: expect.stringMatching(/^cus_/),
      stripe_subscription_id: expect.stringMatching(/^sub_/),
    });
    expect(row.current_period_end!.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    // A restart finds them subscribed and leaves them alone.
    expect(await subscribeDemoProMembers(t.db, config, ORIGIN, createLogger('silent'))).toBe(0);
  });
});

describe('PRO locks follow the subscription', () => {
  it('open on every endpoint that returns events when PRO starts, and close again when it ends', async () => {
    const hal = await newMember(t);
    const goer = await newMember(t);
    const organizer = await insertOrganizer(t.db, 'Locks Org');
    const proOnly = await insertEvent(t.db, { isProOnly: true, name: 'Locks Summit', organizerId: organizer });
    await registerAt(t.db, goer.id, proOnly.id);
    // Connected, so Hal may see the goer's events at all; whether in full is what changes.
    await connect(t.db, hal.id, goer.id);
    const find = (items: { id: string; eventData?: unknown }[]) => items.find((item) => item.id === proOnly.id);
    /** Whether each endpoint shows the event's full data to Hal. */
    const shown = async () => ({
      list: find((await hal.client.get('/api/events?nonPassed=true&limit=50')).body.events)?.eventData !== undefined,
      detail: (await hal.client.get(`/api/events/${proOnly.id}`)).body.eventData !== undefined,
      public: (await hal.client.get(`/api/events/public/${proOnly.id}`)).body.eventData !== undefined,
      organizer: find((await hal.client.get(`/api/organizers/${organizer}/events`)).body.events)?.eventData !== undefined,
      attendee: find((await hal.client.get(`/api/events/users/${goer.id}`)).body.events)?.eventData !== undefined,
    });
    const everywhere = (value: boolean) => ({ list: value, detail: value, public: value, organizer: value, attendee: value });
    expect(await shown()).toEqual(everywhere(false));

    await subscribe(hal);
    expect(await shown()).toEqual(everywhere(true));

    const page = await portal(hal);
    await postForm(page, { action: 'cancel' });
    expect(await shown()).toEqual(everywhere(true));
    await postForm(page, { action: 'end_period' });
    expect(await shown()).toEqual(everywhere(false));
  });
});
