import { newId } from './ids';
import type { CheckoutSessionRecord, CustomerRecord, PortalSessionRecord } from './state';

/** The API version the installed SDK sends and expects; events carry it as Stripe's do. */
export const API_VERSION = '2026-10-28.endive';

export const PRODUCT_ID = 'prod_local_pro';
export const PRODUCT_NAME = 'PRO';
export const UNIT_AMOUNT = 5000;
export const CURRENCY = 'sek';
/** A fixed creation time: the price and product exist before any request, and stay the same across restarts. */
export const CATALOGUE_CREATED = 1_735_689_600;

export function priceObject(priceId: string): Record<string, unknown> {
  return {
    id: priceId,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: CATALOGUE_CREATED,
    currency: CURRENCY,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: PRODUCT_ID,
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: UNIT_AMOUNT,
    unit_amount_decimal: String(UNIT_AMOUNT),
  };
}

export function productObject(): Record<string, unknown> {
  return {
    id: PRODUCT_ID,
    object: 'product',
    active: true,
    created: CATALOGUE_CREATED,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: PRODUCT_NAME,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: CATALOGUE_CREATED,
    url: null,
  };
}

/** The same day of the next month in UTC, the last day when that month is shorter (Stripe's monthly anchor). */
export function addOneMonth(seconds: number): number {
  const start = new Date(seconds * 1000);
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(start.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export function newCustomer(now: number, email: string | null, name: string | null, metadata: Record<string, string>): CustomerRecord {
  const id = newId('cus', 14);
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: now,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata,
    name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export interface NewCheckoutSession {
  now: number;
  customer: string | null;
  customerEmail: string | null;
  amountTotal: number;
  successUrl: string | null;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
}

export function newCheckoutSession(input: NewCheckoutSession): CheckoutSessionRecord {
  return {
    id: newId('cs_test', 58),
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: input.amountTotal,
    amount_total: input.amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.now,
    currency: CURRENCY,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: input.customer,
    customer_account: null,
    customer_creation: input.customer ? null : 'always',
    customer_details: null,
    customer_email: input.customerEmail,
    discounts: [],
    // Stripe's default: a session can be paid for 24 hours.
    expires_at: input.now + 24 * 60 * 60,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    wallet_options: null,
  };
}

/** Stripe clears a session's url once it is no longer payable. */
export function renderCheckoutSession(session: CheckoutSessionRecord, origin: string): Record<string, unknown> {
  return { ...session, url: session.status === 'open' ? `${origin}/checkout/${session.id}` : null };
}

export function newPortalSession(now: number, customer: string, returnUrl: string | null): PortalSessionRecord {
  return {
    id: newId('bps', 24),
    object: 'billing_portal.session',
    configuration: 'bpc_local_default',
    created: now,
    customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
  };
}

export function renderPortalSession(session: PortalSessionRecord, origin: string): Record<string, unknown> {
  return { ...session, url: `${origin}/portal/${session.id}` };
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export function newEvent(
  type: string,
  object: unknown,
  now: number,
  previousAttributes?: Record<string, unknown>,
  request: StripeEvent['request'] = { id: null, idempotency_key: null },
): StripeEvent {
  return {
    id: newId('evt', 24),
    object: 'event',
    api_version: API_VERSION,
    created: now,
    // A snapshot: later changes to the record must not alter an event already queued.
    data: previousAttributes ? { object: structuredClone(object), previous_attributes: previousAttributes } : { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request,
    type,
  };
}
