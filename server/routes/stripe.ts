import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type Stripe from 'stripe';
import {
  checkoutSessionSchema,
  PLAN_FEATURES,
  PLAN_NAMES,
  portalSessionSchema,
  PRO_PRICE_SEK,
  SUBSCRIPTION_ERRORS,
  type AccessResponse,
  type Plan,
  type RedirectResponse,
  type SubscriptionResponse,
} from '../../contract/subscription';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { appOrigin } from '../http/client-info';
import { readJson } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { ACCESS_COLUMNS, hasProAccess } from '../services/billing/access';
import { startCheckout } from '../services/billing/checkout';
import { createStripeClient } from '../services/billing/stripe-client';
import { applyStripeEvent, refreshSubscription } from '../services/billing/webhook-events';

/** Within the app: its origin itself or a path under it (not 'https://app.example.com.evil.example'). */
function isOwnUrl(url: string, origin: string): boolean {
  return url === origin || url.startsWith(`${origin}/`);
}

/**
 * Free and PRO through Stripe (contract/subscription.ts): plans, Checkout, the Customer Portal,
 * the member's subscription and access, reactivation, and Stripe's signed webhooks. Access is
 * decided from the stored subscription, which only Stripe's own copy writes: read again when a
 * verified webhook comes, or right after the member reactivated.
 */
export function stripeRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock, config, logger } = deps;
  const stripe = createStripeClient(config);
  const signedIn = requireUser(deps);

  const payments = (): Stripe => {
    if (!stripe) throw new ApiError(503, SUBSCRIPTION_ERRORS.unavailable);
    return stripe;
  };
  /** Stripe's failures are ours to log; the member gets a clear 502, never Stripe's text. */
  const calling = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      logger.error(`[stripe] ${what} failed`, error);
      throw new ApiError(502, SUBSCRIPTION_ERRORS.unavailable);
    }
  };
  const memberOf = async (c: Context<AppEnv>) => db.selectFrom('users').select(['id', 'email']).where('id', '=', c.get('userId')).executeTakeFirstOrThrow();
  const subscriptionOf = (userId: string) =>
    db
      .selectFrom('subscriptions')
      .select([...ACCESS_COLUMNS, 'plan_name', 'current_period_end', 'stripe_customer_id', 'stripe_subscription_id'])
      .where('user_id', '=', userId)
      .executeTakeFirst();

  app.get('/plans', signedIn, (c) => {
    const plans: Plan[] = [
      { name: PLAN_NAMES.free, stripePriceId: null, price: 0, currency: 'SEK', interval: 'month', features: [...PLAN_FEATURES.free] },
      {
        name: PLAN_NAMES.pro,
        stripePriceId: config.STRIPE_PRICE_PRO,
        price: PRO_PRICE_SEK,
        currency: 'SEK',
        interval: 'month',
        features: [...PLAN_FEATURES.pro],
      },
    ];
    return c.json(plans);
  });

  app.post('/create-checkout-session', signedIn, async (c) => {
    const body = await readJson(c, checkoutSessionSchema);
    const origin = appOrigin(c, config);
    if (!isOwnUrl(body.successUrl, origin) || !isOwnUrl(body.cancelUrl, origin)) {
      throw new ApiError(400, SUBSCRIPTION_ERRORS.invalidRedirectUrls, { field: isOwnUrl(body.successUrl, origin) ? 'cancelUrl' : 'successUrl' });
    }
    if (body.priceId !== config.STRIPE_PRICE_PRO) throw new ApiError(400, SUBSCRIPTION_ERRORS.unknownPrice, { field: 'priceId' });
    const member = await memberOf(c);
    // A second subscription would charge twice: PRO is managed in the portal instead.
    if (hasProAccess(await subscriptionOf(member.id), clock())) throw new ApiError(409, SUBSCRIPTION_ERRORS.alreadySubscribed);
    const client = payments();
    const url = await calling('checkout session', () =>
      startCheckout(db, client, { member, priceId: body.priceId, successUrl: body.successUrl, cancelUrl: body.cancelUrl }, clock()),
    );
    if (!url) throw new ApiError(502, SUBSCRIPTION_ERRORS.unavailable);
    const answer: RedirectResponse = { url };
    return c.json(answer);
  });

  app.post('/create-portal-session', signedIn, async (c) => {
    const body = await readJson(c, portalSessionSchema);
    if (!isOwnUrl(body.returnUrl, appOrigin(c, config))) throw new ApiError(400, SUBSCRIPTION_ERRORS.invalidReturnUrl, { field: 'returnUrl' });
    // The portal manages a subscription: a member who never went to checkout has none.
    const customer = (await subscriptionOf(c.get('userId')))?.stripe_customer_id;
    if (!customer) throw new ApiError(404, SUBSCRIPTION_ERRORS.noSubscription);
    const client = payments();
    // A key on every create call: the SDK's retries of this one call make one session.
    const session = await calling('portal session', () =>
      client.billingPortal.sessions.create({ customer, return_url: body.returnUrl }, { idempotencyKey: `mingle-portal-${randomUUID()}` }),
    );
    const answer: RedirectResponse = { url: session.url };
    return c.json(answer);
  });

  const subscriptionAnswer = async (userId: string): Promise<SubscriptionResponse> => {
    const row = await subscriptionOf(userId);
    const now = clock();
    // A cancelled PRO whose end has passed is FREE, whether or not Stripe's event has come yet.
    const ended = row?.ends_at ? row.ends_at.getTime() <= now.getTime() : false;
    const status = !row || ended ? 'FREE' : row.status;
    return {
      subscription: {
        status,
        endsAt: status === 'FREE' ? null : (row?.ends_at?.toISOString() ?? null),
        plan: { name: status === 'FREE' ? PLAN_NAMES.free : (row?.plan_name ?? PLAN_NAMES.pro) },
      },
      stripe: { currentPeriodEnd: status === 'FREE' ? null : (row?.current_period_end?.toISOString() ?? null) },
    };
  };

  app.get('/subscription', signedIn, async (c) => c.json(await subscriptionAnswer(c.get('userId'))));

  /**
   * 'Reactivate now' in one step: a PRO set to end runs on (Stripe stops the cancellation at the
   * period's end), and the member's stored subscription is read again from Stripe at once, so the
   * answer already says so; the webhook that follows writes the same.
   */
  app.post('/reactivate', signedIn, async (c) => {
    const userId = c.get('userId');
    const row = await subscriptionOf(userId);
    if (!row?.stripe_customer_id || !row.stripe_subscription_id) throw new ApiError(404, SUBSCRIPTION_ERRORS.noSubscription);
    const ending = row.status === 'PRO' && row.ends_at !== null && row.ends_at.getTime() > clock().getTime();
    if (!ending) throw new ApiError(409, SUBSCRIPTION_ERRORS.notEnding);
    const client = payments();
    const { stripe_customer_id: customer, stripe_subscription_id: subscription } = row;
    await calling('reactivation', () =>
      client.subscriptions.update(subscription, { cancel_at_period_end: false }, { idempotencyKey: `mingle-reactivate-${randomUUID()}` }),
    );
    await calling('subscription refresh', () => refreshSubscription(db, client, customer, clock()));
    return c.json(await subscriptionAnswer(userId));
  });

  app.get('/check-access', signedIn, async (c) => {
    const answer: AccessResponse = { hasAccess: hasProAccess(await subscriptionOf(c.get('userId')), clock()) };
    return c.json(answer);
  });

  /** Stripe's events: the raw body's signature is checked with the SDK before anything is read. */
  app.post('/webhook', async (c) => {
    const secret = config.STRIPE_WEBHOOK_SECRET;
    const signature = c.req.header('stripe-signature');
    const raw = await c.req.text();
    let event: Stripe.Event;
    let client: Stripe;
    try {
      // Without payments configured nothing can be verified, so nothing is accepted.
      if (!stripe || !secret || !signature) throw new Error('unverifiable');
      client = stripe;
      event = client.webhooks.constructEvent(raw, signature, secret);
    } catch {
      throw new ApiError(400, SUBSCRIPTION_ERRORS.invalidSignature);
    }
    // Stripe unreachable while re-reading: a 502, and Stripe delivers the event again later.
    const outcome = await calling(`event ${event.id}`, () => applyStripeEvent(db, client, event, clock()));
    logger.info(`[stripe] ${event.type} ${event.id}: ${outcome}`);
    return c.json({ received: true, outcome });
  });

  return [['/stripe', app]];
}
