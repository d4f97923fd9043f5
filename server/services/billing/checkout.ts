import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema';
import { customerOf } from './customers';

export interface CheckoutRequest {
  member: { id: string; email: string };
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A Stripe Checkout session for PRO: subscription mode, the member's one customer, and the member
 * as client_reference_id and in the metadata (of the session and of the subscription it makes), so
 * every event can be tied to them. Answers the page's URL.
 */
export async function startCheckout(db: Kysely<Database>, stripe: Stripe, request: CheckoutRequest, now: Date): Promise<string | null> {
  const { member } = request;
  const customer = await customerOf(db, stripe, member, now);
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      customer,
      line_items: [{ price: request.priceId, quantity: 1 }],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: member.id,
      metadata: { userId: member.id },
      subscription_data: { metadata: { userId: member.id } },
    },
    // A new session for each press; the key makes the SDK's own retries of this one call safe.
    { idempotencyKey: `mingle-checkout-${randomUUID()}` },
  );
  return session.url;
}
