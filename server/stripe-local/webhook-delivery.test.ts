import { afterEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { newEvent } from './objects';
import { startWebhookReceiver } from './test-webhook-receiver';
import { signatureHeader, WebhookQueue } from './webhook-delivery';

const SECRET = 'whsec_delivery_test';
const receivers: Awaited<ReturnType<typeof startWebhookReceiver>>[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

describe('webhook delivery', () => {
  it('signs as Stripe does: the SDK accepts the header, and refuses it for other bytes', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' });
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader(payload, SECRET, now);
    const stripe = new Stripe('sk_test_x');
    expect(stripe.webhooks.constructEvent(payload, header, SECRET).id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(`${payload} `, header, SECRET)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('retries a failed delivery, and keeps the order of the events behind it', async () => {
    let calls = 0;
    const receiver = await startWebhookReceiver(() => (++calls <= 2 ? 500 : 200));
    receivers.push(receiver);
    const queue = new WebhookQueue({ url: receiver.url, secret: SECRET, retryDelaysMs: [10, 10, 10] });
    await queue.enqueue([newEvent('invoice.payment_failed', {}, 1), newEvent('customer.subscription.updated', {}, 1)]);
    expect(receiver.types()).toEqual(['invoice.payment_failed', 'invoice.payment_failed', 'invoice.payment_failed', 'customer.subscription.updated']);
  });

  it('gives up after its retries, and goes on with the next event', async () => {
    const receiver = await startWebhookReceiver(() => 400);
    receivers.push(receiver);
    const queue = new WebhookQueue({ url: receiver.url, secret: SECRET, retryDelaysMs: [10] });
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      await queue.enqueue([newEvent('invoice.paid', {}, 1)]);
    } finally {
      console.warn = warn;
    }
    expect(receiver.types()).toEqual(['invoice.paid', 'invoice.paid']);
    expect(warnings).toHaveLength(1);
  });

  it('does not wait for a receiver that never answers longer than its timeout', async () => {
    const queue = new WebhookQueue({ url: 'http://127.0.0.1:9/unreachable', secret: SECRET, retryDelaysMs: [], attemptTimeoutMs: 200 });
    const warn = console.warn;
    console.warn = () => {};
    try {
      await expect(queue.enqueue([newEvent('invoice.paid', {}, 1)])).resolves.toBeUndefined();
    } finally {
      console.warn = warn;
    }
  });
  it('on close, gives each queued event one more attempt and no retries: a stop is not held up by a closed receiver', async () => {
    const receiver = await startWebhookReceiver(() => 503);
    receivers.push(receiver);
    const queue = new WebhookQueue({ url: receiver.url, secret: SECRET, retryDelaysMs: [60_000] });
    const warn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      const delivered = queue.enqueue([newEvent('customer.subscription.created', {}, 1), newEvent('invoice.paid', {}, 1)]);
      // The first event has had its attempt and waits for its retry.
      while (receiver.received.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
      await queue.close();
      await delivered;
    } finally {
      console.warn = warn;
    }
    expect(receiver.types()).toEqual(['customer.subscription.created', 'invoice.paid']);
    expect(warnings).toHaveLength(2);
  });
});
