import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { Config } from './env';
import type { Logger } from './logger';
import { startCheckout } from './services/billing/checkout';
import { createStripeClient } from './services/billing/stripe-client';
import { startLocalStripe } from './stripe-local/local-stripe';

/** The secret key the product uses with the local test checkout (any sk_test_ key works there). */
const LOCAL_SECRET_KEY = 'sk_test_local_checkout';

/**
 * Without STRIPE_SECRET_KEY, `npm start` starts the local test checkout (server/stripe-local/) on a
 * port of its own and points the product's Stripe settings at it: checkout and portal pages that
 * say plainly that no card is charged, and webhooks signed as Stripe signs them. Its state is kept
 * in DATA_DIR. With a key, Stripe itself is used and nothing starts here.
 */
export async function withLocalPayments(config: Config, logger: Logger): Promise<{ config: Config; local: boolean; close: () => Promise<void> }> {
  if (config.STRIPE_SECRET_KEY) {
    logger.info(`[payments] Stripe${config.STRIPE_API_BASE ? ` at ${config.STRIPE_API_BASE}` : ''} (STRIPE_SECRET_KEY set)`);
    return { config, local: false, close: async () => {} };
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  // A fresh secret at each start: both ends learn it here, and nothing else needs it.
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  // The server listens on HOST; a wildcard address is reached on loopback.
  const host = ['0.0.0.0', '::'].includes(config.HOST) ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const local = await startLocalStripe({
    webhookUrl: `http://${host}:${config.PORT}/api/stripe/webhook`,
    webhookSecret,
    priceId: config.STRIPE_PRICE_PRO,
    stateFile: join(config.DATA_DIR, 'local-test-checkout.json'),
  });
  logger.info(`[payments] STRIPE_SECRET_KEY not set: the local test checkout runs at ${local.origin} (test mode, no card is charged)`);
  return {
    config: { ...config, STRIPE_SECRET_KEY: LOCAL_SECRET_KEY, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: local.origin },
    local: true,
    close: () => local.close(),
  };
}

/** The test card the local test checkout accepts. */
const TEST_CARD = { cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' };

/**
 * The demo data's PRO members get real subscriptions the way any member does: a checkout at the
 * local test checkout paid with its test card, and the webhooks it sends writing their rows. Until
 * those land, the seed's rows keep them PRO. Runs once the server listens (the webhooks come to
 * it); only for rows that have no Stripe customer yet, so a restart changes nothing.
 */
export async function subscribeDemoProMembers(db: Kysely<Database>, config: Config, origin: string, logger: Logger): Promise<number> {
  const stripe = createStripeClient(config);
  if (!stripe) return 0;
  const members = await db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email'])
    .where('s.status', '=', 'PRO')
    .where('s.stripe_customer_id', 'is', null)
    .execute();
  for (const member of members) {
    const url = await startCheckout(
      db,
      stripe,
      { member, priceId: config.STRIPE_PRICE_PRO, successUrl: `${origin}/subscription/success`, cancelUrl: `${origin}/pricing` },
      new Date(),
    );
    if (!url) throw new Error('the local test checkout gave no page');
    const paid = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(TEST_CARD).toString(),
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new Error(`the local test checkout answered ${paid.status}`);
  }
  if (members.length > 0) logger.info(`[payments] ${members.length} demo PRO member(s) subscribed through the local test checkout`);
  return members.length;
}
