import { newId } from './ids';
import { addOneMonth, CATALOGUE_CREATED, CURRENCY, PRODUCT_ID, priceObject, UNIT_AMOUNT } from './objects';
import type { SubscriptionItemRecord, SubscriptionRecord } from './state';

/** A subscription as Stripe's API returns it, with the legacy `plan` on its items. */
export interface NewSubscription {
  now: number;
  customer: string;
  priceId: string;
  quantity: number;
  metadata: Record<string, string>;
}

export function newSubscription(input: NewSubscription): SubscriptionRecord {
  const id = newId('sub', 24);
  const periodEnd = addOneMonth(input.now);
  const item: SubscriptionItemRecord = {
    id: newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: input.now,
    current_period_end: periodEnd,
    current_period_start: input.now,
    discounts: [],
    metadata: {},
    plan: planObject(input.priceId),
    price: priceObject(input.priceId),
    quantity: input.quantity,
    subscription: id,
    tax_rates: [],
  };
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: input.now,
    currency: CURRENCY,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [item], has_more: false, total_count: 1, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.now,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

/** The deprecated `plan` Stripe still puts on subscription items, for code written against older versions. */
function planObject(priceId: string): Record<string, unknown> {
  return {
    id: priceId,
    object: 'plan',
    active: true,
    amount: UNIT_AMOUNT,
    amount_decimal: String(UNIT_AMOUNT),
    billing_scheme: 'per_unit',
    created: CATALOGUE_CREATED,
    currency: CURRENCY,
    interval: 'month',
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: PRODUCT_ID,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}
