/**
 * Benchmark: Stripe webhooks into the server. 120 members subscribe through the local
 * test checkout and then cancel, reactivate, fail and pay invoices and end periods in its portal;
 * the signed webhooks these send are captured instead of delivered. Then all of them, with 10 %
 * sent twice, are delivered in a shuffled order (8 at a time, as Stripe delivers concurrently) to
 * the app in process on a fresh in-memory PGlite database. Printed: the time for all, and whether
 * every member's stored state equals what Stripe (the checkout) holds, with no event applied twice.
 * Target: all right, 0 double effects, <= 10 s on the embedded database.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { createRandom } from '../../server/db/seed/random';
import { parseEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { currentSubscription, storedStateOf } from '../../server/services/billing/subscription-state';
import { createSession } from '../../server/services/sign-in/sessions';
import { startLocalStripe } from '../../server/stripe-local/local-stripe';
import { LastCodeMailer } from './last-code-mailer';
import { heading, machineLoad, runWhenStarted, verdict, type SummaryRow } from './report';

const MEMBERS = 120;
const DUPLICATE_SHARE = 0.1;
const CONCURRENCY = 8;
const BUDGET_MS = 10_000;
const SECRET = 'whsec_bench';
const ORIGIN = 'http://localhost';

interface Captured {
  rawBody: string;
  signature: string;
}

export async function runWebhookThroughput(): Promise<SummaryRow[]> {
  console.log(heading('Stripe webhooks: shuffled, 10 % twice, into the server (in process, PGlite in memory)'));
  const captured: Captured[] = [];
  const relay = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      captured.push({ rawBody: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers['stripe-signature'] ?? '') });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const local = await startLocalStripe({
    webhookUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/`,
    webhookSecret: SECRET,
    priceId: 'price_local_pro',
  });
  const database = await openDatabase({});
  try {
    const config = parseEnv({
      LOG_LEVEL: 'silent',
      DIST_DIR: join(tmpdir(), `mingle-bench-no-dist-${randomBytes(4).toString('hex')}`),
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: local.origin,
    });
    const app = createApp({ db: database.db, mailer: new LastCodeMailer(), config, logger: createLogger('silent') });
    const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    const post = async (cookie: string, path: string, body: unknown) => {
      const res = await app.request(
        `${ORIGIN}${path}`,
        { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) },
        env,
      );
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { url: string };
    };
    const form = (url: string, fields: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });

    // The members' histories, made at the checkout with the webhooks held back.
    const rng = createRandom('mingle-webhook-bench-v1');
    const made = performance.now();
    const users = await database.db
      .insertInto('users')
      .values(Array.from({ length: MEMBERS }, (_, i) => ({ email: `webhook-bench-${i}@example.com`, first_name: 'Bench', last_name: `Payer ${i}` })))
      .returning('id')
      .execute();
    const actions = ['cancel', 'reactivate', 'fail_payment', 'pay_invoice', 'cancel', 'end_period'];
    for (const { id } of users) {
      const cookie = `sid=${await createSession(database.db, id, new Date())}`;
      const checkout = await post(cookie, '/api/stripe/create-checkout-session', {
        priceId: 'price_local_pro',
        successUrl: `${ORIGIN}/subscription/success`,
        cancelUrl: `${ORIGIN}/subscription/cancel`,
      });
      await form(checkout.url, { cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' });
      const portal = await post(cookie, '/api/stripe/create-portal-session', { returnUrl: `${ORIGIN}/profile` });
      for (const action of actions.slice(0, 1 + Math.floor(rng.next() * actions.length))) await form(portal.url, { action });
    }
    const unique = captured.length;
    const deliveries = [...captured, ...captured.filter(() => rng.chance(DUPLICATE_SHARE))];
    const order = rng.shuffle(deliveries);
    console.log(
      `${MEMBERS} members; ${unique} events made at the checkout in ${((performance.now() - made) / 1000).toFixed(1)} s; delivering ${order.length} (${order.length - unique} twice), ${CONCURRENCY} at a time`,
    );

    const outcomes = new Map<string, number>();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < order.length) {
          const webhook = order[next++]!;
          const res = await app.request(
            `${ORIGIN}/api/stripe/webhook`,
            { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': webhook.signature }, body: webhook.rawBody },
            env,
          );
          const outcome = res.status === 200 ? ((await res.json()) as { outcome: string }).outcome : `HTTP ${res.status}`;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      }),
    );
    const elapsed = performance.now() - started;

    // What Stripe (the checkout) holds, against what the server stored.
    const stripe = new Stripe('sk_test_bench', { host: local.host, port: local.port, protocol: 'http' });
    const rows = await database.db.selectFrom('subscriptions').select(['user_id', 'status', 'ends_at', 'stripe_customer_id']).execute();
    let wrong = 0;
    for (const row of rows) {
      const { data } = await stripe.subscriptions.list({ customer: row.stripe_customer_id!, status: 'all', limit: 10 });
      const current = currentSubscription(data);
      const expected = current ? storedStateOf(current) : { status: 'FREE', endsAt: null };
      if (expected.status !== row.status || (expected.endsAt?.getTime() ?? null) !== (row.ends_at?.getTime() ?? null)) wrong += 1;
    }
    const recorded = (
      await database.db
        .selectFrom('stripe_events')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const doubles = Number(recorded) - unique;
    console.log(
      `delivered in ${(elapsed / 1000).toFixed(2)} s (${(order.length / (elapsed / 1000)).toFixed(0)} a second); outcomes: ${[...outcomes].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );
    console.log(
      `members whose stored state differs from Stripe's: ${wrong} of ${rows.length}; event ids recorded ${recorded} for ${unique} distinct events; ${machineLoad()}`,
    );
    const right = wrong === 0 && doubles === 0 && rows.length === MEMBERS && (outcomes.get('duplicate') ?? 0) === order.length - unique;
    return [
      {
        label: `Webhooks: ${order.length} shuffled (${order.length - unique} twice), PGlite`,
        figure: `${(elapsed / 1000).toFixed(2)} s; ${wrong} wrong states, ${doubles} double effects`,
        budget: `all right, <= ${BUDGET_MS / 1000} s`,
        verdict: verdict(right && elapsed <= BUDGET_MS),
      },
    ];
  } finally {
    await local.close();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
    await database.close();
  }
}

runWhenStarted(import.meta.url, runWebhookThroughput);
