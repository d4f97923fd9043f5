import Stripe from 'stripe';
import { startLocalStripe, type LocalStripeOptions } from './local-stripe';
import { startWebhookReceiver } from './test-webhook-receiver';

export const WEBHOOK_SECRET = 'whsec_local_test_secret';
export const PRICE_ID = 'price_local_pro';
/** 2026-09-21T13:46:40Z: a fixed clock, so the periods the tests expect are known. */
export const NOW = 1_790_000_000;

/** For the tests: the local test checkout, a webhook receiver and the official SDK pointed at it as the product will. */
export async function startTestCheckout(overrides: Partial<LocalStripeOptions> = {}, receiverStatus?: () => number) {
  const receiver = await startWebhookReceiver(receiverStatus);
  const clock = { now: NOW };
  const local = await startLocalStripe({
    webhookUrl: receiver.url,
    webhookSecret: WEBHOOK_SECRET,
    priceId: PRICE_ID,
    now: () => clock.now,
    ...overrides,
  });
  const stripe = new Stripe('sk_test_local', { host: local.host, port: local.port, protocol: 'http', maxNetworkRetries: 0 });

  async function startCheckout(customerEmail = 'ada@example.com') {
    const customer = await stripe.customers.create({ email: customerEmail, metadata: { userId: 'user-1' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: PRICE_ID, quantity: 1 }],
      success_url: 'http://app.test/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/subscription/cancel',
      client_reference_id: 'user-1',
      metadata: { userId: 'user-1' },
      subscription_data: { metadata: { userId: 'user-1' } },
    });
    return { customer, session };
  }

  /** Submits the checkout form the way a browser does. */
  function pay(sessionId: string, cardNumber: string) {
    return fetch(`${local.origin}/checkout/${sessionId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber, cardExpiry: '12 / 34', cardCvc: '123' }).toString(),
      redirect: 'manual',
    });
  }

  async function subscribe() {
    const { customer, session } = await startCheckout();
    const paid = await pay(session.id, '4242 4242 4242 4242');
    if (paid.status !== 303) throw new Error(`payment answered ${paid.status}`);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    return { customer, session: completed, subscriptionId: completed.subscription as string };
  }

  return {
    local,
    receiver,
    stripe,
    clock,
    startCheckout,
    pay,
    subscribe,
    async close() {
      await local.close();
      await receiver.close();
    },
  };
}
