import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** Stripe-shaped records, stored as the API answers them (URLs aside: those follow the current origin). */
export interface CustomerRecord {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  [field: string]: unknown;
}

export interface SubscriptionItemRecord {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  price: Record<string, unknown>;
  quantity: number;
  subscription: string;
  [field: string]: unknown;
}

export interface SubscriptionRecord {
  id: string;
  object: 'subscription';
  created: number;
  customer: string;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'trialing' | 'unpaid' | 'paused';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  metadata: Record<string, string>;
  items: { object: 'list'; data: SubscriptionItemRecord[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  [field: string]: unknown;
}

export interface InvoiceRecord {
  id: string;
  object: 'invoice';
  created: number;
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  period_start: number;
  period_end: number;
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: { metadata: Record<string, string>; subscription: string } };
  status_transitions: { finalized_at: number | null; marked_uncollectible_at: null; paid_at: number | null; voided_at: null };
  [field: string]: unknown;
}

export interface CheckoutSessionRecord {
  id: string;
  object: 'checkout.session';
  created: number;
  expires_at: number;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  invoice: string | null;
  success_url: string | null;
  cancel_url: string | null;
  metadata: Record<string, string>;
  [field: string]: unknown;
}

/** What the session was asked to sell; Stripe keeps it as line_items, listed on demand only. */
export interface CheckoutPurchase {
  priceId: string;
  quantity: number;
  subscriptionMetadata: Record<string, string>;
}

export interface PortalSessionRecord {
  id: string;
  object: 'billing_portal.session';
  created: number;
  customer: string;
  return_url: string | null;
  [field: string]: unknown;
}

export interface IdempotencyRecord {
  /** Method, path and parameters of the first request, to refuse the key's reuse for another one. */
  fingerprint: string;
  status: number;
  body: string;
}

export interface LocalStripeState {
  customers: Record<string, CustomerRecord>;
  checkoutSessions: Record<string, CheckoutSessionRecord>;
  purchases: Record<string, CheckoutPurchase>;
  portalSessions: Record<string, PortalSessionRecord>;
  subscriptions: Record<string, SubscriptionRecord>;
  invoices: Record<string, InvoiceRecord>;
  idempotency: Record<string, IdempotencyRecord>;
}

/** Stripe lists newest first; of two made in the same second, the later one first. */
export const newestFirst = <T extends { created: number }>(records: T[]) => [...records].reverse().sort((a, b) => b.created - a.created);

export function emptyState(): LocalStripeState {
  return { customers: {}, checkoutSessions: {}, purchases: {}, portalSessions: {}, subscriptions: {}, invoices: {}, idempotency: {} };
}

export function loadState(file: string | undefined): LocalStripeState {
  if (!file || !existsSync(file)) return emptyState();
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalStripeState>;
  return { ...emptyState(), ...saved };
}

/** Written whole to a temporary file and renamed over the old one, so a crash mid-write keeps the previous state. */
export function saveState(file: string | undefined, state: LocalStripeState): void {
  if (!file) return;
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, file);
}
