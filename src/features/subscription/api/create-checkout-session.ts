import { useMutation } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { CheckoutSessionInput, RedirectResponse } from '../../../../contract/subscription';
import { apiClient } from '../../../lib/api-client';

/** POST stripe/create-checkout-session: a Stripe Checkout page for the price, as a URL. */
export function createCheckoutSession(input: CheckoutSessionInput): Promise<RedirectResponse> {
  return apiClient.post<RedirectResponse>(apiPath('/stripe/create-checkout-session'), input);
}

/**
 * Where Checkout sends the member back. {CHECKOUT_SESSION_ID} is Stripe's placeholder, filled in
 * by Stripe itself, so it stays literal (not URL-encoded).
 */
export function checkoutReturnUrls(origin: string): Pick<CheckoutSessionInput, 'successUrl' | 'cancelUrl'> {
  return {
    successUrl: `${origin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/subscription/cancel`,
  };
}

/** Starts Checkout for `priceId`; the caller redirects to the answer's url. */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (priceId: string) => createCheckoutSession({ priceId, ...checkoutReturnUrls(window.location.origin) }),
  });
}
