import Stripe from 'stripe';
import type { Config } from '../../env';

/**
 * The official SDK, pointed at Stripe or, with STRIPE_API_BASE, at another server speaking its API
 * (the local test checkout, server/stripe-local/). Null without a key: payments are off, and the
 * calls that need Stripe say so (main.ts always sets a key, its own local one by default).
 */
export function createStripeClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    ...(base ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol } : {}),
    // A stalled Stripe must not hold a member's request for the SDK's default 80 s.
    timeout: 15_000,
    maxNetworkRetries: 2,
    appInfo: { name: 'Mingle' },
  });
}
