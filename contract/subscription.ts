import * as v from 'valibot';

/**
 * Free and PRO (docs/product.md sections 1, 3, 4, 5, 7 and 9). Paths, under /api/stripe:
 *
 *   GET  plans                                              -> Plan[] (Free, then PRO)
 *   POST create-checkout-session {priceId, successUrl, cancelUrl} -> {url} (Stripe Checkout)
 *   POST create-portal-session {returnUrl}                  -> {url} (Stripe's Customer Portal)
 *   GET  subscription                                       -> SubscriptionResponse
 *   GET  check-access                                       -> AccessResponse
 *   POST webhook                                            Stripe's signed events (no session)
 *
 * PRO access is decided on the server from the stored subscription (server/services/billing/).
 */
export type SubscriptionStatus = 'PRO' | 'FREE' | 'PAST_DUE' | 'TRIALING';

export interface Plan {
  name: string;
  /** Null for Free; PRO's comes from configuration (STRIPE_PRICE_PRO). */
  stripePriceId: string | null;
  /** docs/product.md section 9: PRO 50 SEK a month, Free 0. */
  price: number;
  currency: 'SEK';
  interval: 'month';
  features: string[];
}

export interface SubscriptionResponse {
  subscription: {
    status: SubscriptionStatus;
    /** Set on a PRO that was cancelled and stays until then (docs/product.md section 4). */
    endsAt: string | null;
    plan: { name: string };
  };
  stripe: { currentPeriodEnd: string | null };
}

export interface AccessResponse {
  hasAccess: boolean;
}

export interface RedirectResponse {
  url: string;
}

export const PLAN_NAMES = { free: 'Free', pro: 'PRO' } as const;

/** docs/product.md sections 1 and 4: what each tier gives (no 'Ad-free': Free shows no ads either). */
export const PLAN_FEATURES = {
  free: ['Limited events', 'Limited recommendations', 'Full access to events you are registered for', 'At-event networking'],
  pro: [
    'Full event database access',
    'Personal event recommendations',
    'Exclusive event access and invitations',
    'Early access',
    'Exhaustive AI recommendations',
  ],
} as const;

/** docs/product.md section 9: PRO's price, SEK per month. */
export const PRO_PRICE_SEK = 50;

/** docs/product.md sections 5 and 8: the refusals of the calls above. */
export const SUBSCRIPTION_ERRORS = {
  invalidPriceId: 'Invalid price ID format',
  invalidRedirectUrls: 'Invalid redirect URLs',
  invalidReturnUrl: 'Invalid return URL',
  unknownPrice: 'Unknown price ID',
  alreadySubscribed: 'You already have PRO',
  noSubscription: 'No subscription to manage',
  /** POST stripe/reactivate for a subscription that is not set to end (409). */
  notEnding: 'Your subscription is not set to end',
  unavailable: 'Payments are not available right now. Please try again later.',
  invalidSignature: 'Invalid signature',
} as const;

/** docs/product.md section 8: what the client shows. */
export const SUBSCRIPTION_MESSAGES = {
  noPlans: 'No plans available',
  planConfiguration: 'Plan configuration error. Please contact support.',
  checkoutFailed: 'Failed to start checkout. Please try again.',
  portalFailed: 'Failed to open customer portal. Please try again.',
  loadFailed: 'Unable to load subscription information. Please refresh the page.',
  reactivated: 'Subscription Reactivated!',
  updated: 'Subscription Updated',
} as const;

const text = (message: string) => v.pipe(v.string(message), v.maxLength(2048, message));

export const checkoutSessionSchema = v.object({
  priceId: v.pipe(text(SUBSCRIPTION_ERRORS.invalidPriceId), v.startsWith('price_', SUBSCRIPTION_ERRORS.invalidPriceId)),
  successUrl: text(SUBSCRIPTION_ERRORS.invalidRedirectUrls),
  cancelUrl: text(SUBSCRIPTION_ERRORS.invalidRedirectUrls),
});
export type CheckoutSessionInput = v.InferInput<typeof checkoutSessionSchema>;

export const portalSessionSchema = v.object({ returnUrl: text(SUBSCRIPTION_ERRORS.invalidReturnUrl) });
export type PortalSessionInput = v.InferInput<typeof portalSessionSchema>;
