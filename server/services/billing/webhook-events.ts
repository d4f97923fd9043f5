import { sql, type Kysely } from 'kysely';
import type Stripe from 'stripe';
import { PLAN_NAMES } from '../../../contract/subscription';
import type { Database } from '../../db/schema';
import { memberOfCustomer } from './customers';
import { currentSubscription, storedStateOf, type StoredSubscription } from './subscription-state';

/** The events that can change a member's subscription; others are recorded and left. */
const RELEVANT = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown-customer';

function customerIn(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  const customer = object.customer;
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

/** One customer's subscription is written by one transaction at a time. */
const lockCustomer = (trx: Kysely<Database>, customerId: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`stripe-customer:${customerId}`}, 0))`.execute(trx);

const FREE: StoredSubscription = { status: 'FREE', endsAt: null, currentPeriodEnd: null, subscriptionId: null };

/**
 * Applies one verified Stripe event, once per event id. Events arrive in any order and some twice,
 * so the event's own copy of the subscription is never trusted: the customer's subscriptions are
 * read again from Stripe, under a lock per customer, and the newest truth is stored. A late
 * 'updated' then writes the same current state as the newer event did.
 */
export async function applyStripeEvent(db: Kysely<Database>, stripe: Stripe, event: Stripe.Event, now: Date): Promise<EventOutcome> {
  const seen = await db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst();
  if (seen) return 'duplicate';
  const customerId = RELEVANT.has(event.type) ? customerIn(event) : null;
  if (!customerId) {
    await db
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return 'ignored';
  }
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId);
    const recorded = await trx
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return 'duplicate';
    return storeCurrentSubscription(trx, stripe, customerId, now);
  });
}

/**
 * Reads the customer's subscriptions from Stripe and stores the current one as their member's (the
 * caller holds the customer's lock). Stripe's own copy is the truth, whoever asks: an event, or
 * the member's own action that Stripe has just taken (reactivating, routes/stripe.ts).
 */
async function storeCurrentSubscription(trx: Kysely<Database>, stripe: Stripe, customerId: string, now: Date): Promise<'applied' | 'unknown-customer'> {
  const userId = await memberOfCustomer(trx, stripe, customerId);
  // Not ours (another app on the same Stripe account): recorded, nothing to change.
  if (!userId) return 'unknown-customer';
  const { data } = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10 });
  const current = currentSubscription(data);
  const state = current ? storedStateOf(current) : FREE;
  const columns = {
    status: state.status,
    plan_name: state.status === 'FREE' ? null : PLAN_NAMES.pro,
    stripe_customer_id: customerId,
    stripe_subscription_id: state.subscriptionId,
    current_period_end: state.currentPeriodEnd,
    ends_at: state.endsAt,
    updated_at: now,
  };
  await trx
    .insertInto('subscriptions')
    .values({ user_id: userId, ...columns, past_due_since: state.status === 'PAST_DUE' ? now : null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        ...columns,
        // The grace period counts from the first failure, not from each retry's event.
        past_due_since: state.status === 'PAST_DUE' ? sql<Date>`coalesce(subscriptions.past_due_since, ${now}::timestamptz)` : null,
      }),
    )
    .execute();
  return 'applied';
}

/** The same outside an event, under the customer's lock: after a change the member asked Stripe for. */
export async function refreshSubscription(db: Kysely<Database>, stripe: Stripe, customerId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId);
    await storeCurrentSubscription(trx, stripe, customerId, now);
  });
}
