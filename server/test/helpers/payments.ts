import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { startLocalStripe } from '../../stripe-local/local-stripe';
import { createTestContext, type TestContext } from './test-app';

export const TEST_WEBHOOK_SECRET = 'whsec_api_tests';

/** A webhook as it reached the app: its bytes and signature, to be sent again in a test. */
export interface DeliveredWebhook {
  rawBody: string;
  signature: string;
  type: string;
  status: number;
}

/**
 * The app on a test database, with payments through the local test checkout exactly as `npm start`
 * sets them up: the official SDK talks to its API, its pages are posted as a browser posts them, and
 * its signed webhooks reach the app (through a small HTTP relay into the in-process app, so that
 * the checkout can be started before the app that must know its address).
 */
export async function createPaymentsContext(): Promise<TestContext & { checkoutOrigin: string; webhooks: DeliveredWebhook[]; closeAll(): Promise<void> }> {
  let app: Hono<AppEnv> | null = null;
  const webhooks: DeliveredWebhook[] = [];
  const relay = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const signature = String(request.headers['stripe-signature'] ?? '');
      const res = await app!.request('http://localhost/api/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: rawBody,
      });
      webhooks.push({ rawBody, signature, type: (JSON.parse(rawBody) as { type: string }).type, status: res.status });
      response.writeHead(res.status).end(await res.text());
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const local = await startLocalStripe({
    webhookUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/api/stripe/webhook`,
    webhookSecret: TEST_WEBHOOK_SECRET,
    priceId: 'price_local_pro',
  });
  const t = await createTestContext({ STRIPE_SECRET_KEY: 'sk_test_api_tests', STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, STRIPE_API_BASE: local.origin });
  app = t.app;
  return {
    ...t,
    checkoutOrigin: local.origin,
    webhooks,
    async closeAll() {
      await local.close();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await t.close();
    },
  };
}

/** Posts a page's form the way a browser does; answers the redirect's location. */
export async function postForm(url: string, fields: Record<string, string>): Promise<{ status: number; location: string | null; text: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}
