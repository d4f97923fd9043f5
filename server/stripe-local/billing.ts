import { newInvoice } from './invoice-object';
import { addOneMonth, newCustomer, newEvent, type StripeEvent } from './objects';
import { newSubscription } from './subscription-object';
import { newestFirst, type CheckoutSessionRecord, type InvoiceRecord, type LocalStripeState, type SubscriptionRecord } from './state';

/**
 * The state changes a customer causes on Stripe's hosted pages (and the API's own updates), each
 * returning the events Stripe would send for it, in Stripe's order.
 */

const SUBSCRIPTION_FIELDS = [
  'status',
  'cancel_at_period_end',
  'cancel_at',
  'canceled_at',
  'ended_at',
  'cancellation_details',
  'latest_invoice',
  'metadata',
] as const;

function snapshot(subscription: SubscriptionRecord): Record<string, unknown> {
  return Object.fromEntries(SUBSCRIPTION_FIELDS.map((field) => [field, structuredClone(subscription[field])]));
}

/** Stripe's `previous_attributes`: the old values of the fields an update changed. */
function changedFields(before: Record<string, unknown>, subscription: SubscriptionRecord): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const field of SUBSCRIPTION_FIELDS) {
    if (JSON.stringify(before[field]) !== JSON.stringify(subscription[field])) changed[field] = before[field];
  }
  return changed;
}

function updatedEvent(subscription: SubscriptionRecord, before: Record<string, unknown>, now: number): StripeEvent[] {
  const previous = changedFields(before, subscription);
  return Object.keys(previous).length === 0 ? [] : [newEvent('customer.subscription.updated', subscription, now, previous)];
}

export interface CompletedCheckout {
  subscription: SubscriptionRecord;
  events: StripeEvent[];
}

/** A paid checkout: customer (when the session had none), subscription, paid first invoice, completed session. */
export function completeCheckout(state: LocalStripeState, session: CheckoutSessionRecord, now: number, email: string | null): CompletedCheckout {
  const purchase = state.purchases[session.id]!;
  let customerId = session.customer;
  if (!customerId) {
    const customer = newCustomer(now, session.customer_email ?? email, null, {});
    state.customers[customer.id] = customer;
    customerId = customer.id;
  }
  const subscription = newSubscription({
    now,
    customer: customerId,
    priceId: purchase.priceId,
    quantity: purchase.quantity,
    metadata: purchase.subscriptionMetadata,
  });
  const item = subscription.items.data[0]!;
  const invoice = newInvoice({
    now,
    subscription,
    billingReason: 'subscription_create',
    periodStart: item.current_period_start,
    periodEnd: item.current_period_end,
    paid: true,
  });
  subscription.latest_invoice = invoice.id;
  state.subscriptions[subscription.id] = subscription;
  state.invoices[invoice.id] = invoice;

  const customer = state.customers[customerId];
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    customer: customerId,
    subscription: subscription.id,
    invoice: invoice.id,
    customer_details: {
      address: null,
      business_name: null,
      email: customer?.email ?? email,
      individual_name: null,
      name: customer?.name ?? null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
  });
  return {
    subscription,
    events: [
      // A completed session is no longer payable: Stripe's copy carries `url: null`.
      newEvent('checkout.session.completed', { ...session, url: null }, now),
      newEvent('customer.subscription.created', subscription, now),
      newEvent('invoice.paid', invoice, now),
    ],
  };
}

export interface SubscriptionUpdate {
  cancelAtPeriodEnd?: boolean;
  /** Merged into the old metadata; an empty value removes its key (Stripe's rule). */
  metadata?: Record<string, string>;
}

/** One request, one 'updated' event (none when nothing changed), as Stripe sends. */
export function updateSubscription(subscription: SubscriptionRecord, update: SubscriptionUpdate, now: number): StripeEvent[] {
  const before = snapshot(subscription);
  if (update.metadata) {
    // `metadata=` (empty) clears every key, as on Stripe.
    const merged = Object.keys(update.metadata).length === 0 ? {} : { ...subscription.metadata };
    for (const [key, value] of Object.entries(update.metadata)) {
      if (value === '') delete merged[key];
      else merged[key] = value;
    }
    subscription.metadata = merged;
  }
  if (update.cancelAtPeriodEnd !== undefined && update.cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
    const cancel = update.cancelAtPeriodEnd;
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? subscription.items.data[0]!.current_period_end : null;
    // Stripe records when the cancellation was asked for, even though it takes effect later.
    subscription.canceled_at = cancel ? now : null;
    subscription.cancellation_details = { comment: null, feedback: null, reason: cancel ? 'cancellation_requested' : null };
  }
  return updatedEvent(subscription, before, now);
}

/**
 * The renewal's payment fails: an open invoice for the next period and the subscription past_due.
 * The period itself is left as it is, so the dates the product shows stay those of today's period.
 */
export function failNextPayment(state: LocalStripeState, subscription: SubscriptionRecord, now: number): StripeEvent[] {
  const before = snapshot(subscription);
  const item = subscription.items.data[0]!;
  const invoice = newInvoice({
    now,
    subscription,
    billingReason: 'subscription_cycle',
    periodStart: item.current_period_end,
    periodEnd: addOneMonth(item.current_period_end),
    paid: false,
  });
  invoice.next_payment_attempt = now + 3 * 24 * 60 * 60;
  state.invoices[invoice.id] = invoice;
  subscription.latest_invoice = invoice.id;
  subscription.status = 'past_due';
  return [newEvent('invoice.payment_failed', invoice, now), ...updatedEvent(subscription, before, now)];
}

export function openInvoice(state: LocalStripeState, subscription: SubscriptionRecord): InvoiceRecord | undefined {
  const latest = subscription.latest_invoice ? state.invoices[subscription.latest_invoice] : undefined;
  return latest?.status === 'open' ? latest : undefined;
}

export function payOpenInvoice(state: LocalStripeState, subscription: SubscriptionRecord, now: number): StripeEvent[] {
  const invoice = openInvoice(state, subscription);
  if (!invoice) return [];
  const before = snapshot(subscription);
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempt_count: invoice.attempt_count + 1,
    next_payment_attempt: null,
    auto_advance: false,
  });
  invoice.status_transitions = { ...invoice.status_transitions, paid_at: now };
  subscription.status = 'active';
  return [newEvent('invoice.paid', invoice, now), ...updatedEvent(subscription, before, now)];
}

/** Cancelled now (the API's DELETE, or a cancelling subscription whose period the tester ends early). */
export function endSubscription(subscription: SubscriptionRecord, now: number): StripeEvent[] {
  subscription.status = 'canceled';
  subscription.ended_at = now;
  subscription.canceled_at = subscription.canceled_at ?? now;
  if (!subscription.cancellation_details.reason) {
    subscription.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' };
  }
  return [newEvent('customer.subscription.deleted', subscription, now)];
}

/** The subscription a customer's portal shows: the newest one still running, else the newest one. */
export function currentSubscription(state: LocalStripeState, customerId: string): SubscriptionRecord | undefined {
  const own = newestFirst(Object.values(state.subscriptions).filter((subscription) => subscription.customer === customerId));
  return own.find((subscription) => subscription.status !== 'canceled') ?? own[0];
}
