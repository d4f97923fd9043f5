import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './env';
import type { Logger } from './logger';
import { startLocalStripe } from './stripe-local/local-stripe';

/** The secret key the product uses with the local test checkout (any sk_test_ key works there). */
const LOCAL_SECRET_KEY = 'sk_test_local_checkout';

/**
 * Without STRIPE_SECRET_KEY, `npm start` starts the local test checkout (server/stripe-local/) on a
 * port of its own and points the product's Stripe settings at it: checkout and portal pages that
 * say plainly that no card is charged, and webhooks signed as Stripe signs them. Its state is kept
 * in DATA_DIR. With a key, Stripe itself is used and nothing starts here.
 */
export async function withLocalPayments(config: Config, logger: Logger): Promise<{ config: Config; close: () => Promise<void> }> {
  if (config.STRIPE_SECRET_KEY) {
    logger.info(`[payments] Stripe${config.STRIPE_API_BASE ? ` at ${config.STRIPE_API_BASE}` : ''} (STRIPE_SECRET_KEY set)`);
    return { config, close: async () => {} };
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
    close: () => local.close(),
  };
}
