import { endSubscription, updateSubscription as applySubscriptionUpdate } from './billing';
import { expandParam, metadataParam, stringParam, type Params } from './form-params';
import {
  newCheckoutSession,
  newCustomer,
  newPortalSession,
  priceObject,
  productObject,
  PRODUCT_ID,
  renderCheckoutSession,
  renderPortalSession,
  UNIT_AMOUNT,
  type StripeEvent,
} from './objects';
import { newestFirst, type LocalStripeState, type SubscriptionRecord } from './state';
import { invalidParam, missingParam, noSuch, StripeApiError } from './stripe-errors';

export interface ApiContext {
  state: LocalStripeState;
  priceId: string;
  origin: string;
  now: () => number;
  /** Saves the state and queues the events for delivery, after a change. */
  changed: (events: StripeEvent[]) => void;
}

export interface ApiRequest {
  method: string;
  /** Path below /v1, e.g. /customers/cus_123 */
  path: string;
  params: Params;
}

type Handler = (context: ApiContext, params: Params, id: string) => unknown;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

const ID = '([A-Za-z0-9_]+)';
const routes: Route[] = [
  { method: 'POST', pattern: /^\/customers$/, handler: createCustomer },
  { method: 'GET', pattern: /^\/customers$/, handler: listCustomers },
  { method: 'GET', pattern: new RegExp(`^/customers/${ID}$`), handler: retrieveCustomer },
  { method: 'POST', pattern: new RegExp(`^/customers/${ID}$`), handler: updateCustomer },
  { method: 'POST', pattern: /^\/checkout\/sessions$/, handler: createCheckoutSession },
  { method: 'GET', pattern: new RegExp(`^/checkout/sessions/${ID}$`), handler: retrieveCheckoutSession },
  { method: 'POST', pattern: /^\/billing_portal\/sessions$/, handler: createPortalSession },
  { method: 'GET', pattern: /^\/subscriptions$/, handler: listSubscriptions },
  { method: 'GET', pattern: new RegExp(`^/subscriptions/${ID}$`), handler: retrieveSubscription },
  { method: 'POST', pattern: new RegExp(`^/subscriptions/${ID}$`), handler: updateSubscription },
  { method: 'DELETE', pattern: new RegExp(`^/subscriptions/${ID}$`), handler: cancelSubscription },
  { method: 'GET', pattern: new RegExp(`^/invoices/${ID}$`), handler: retrieveInvoice },
  { method: 'GET', pattern: /^\/prices$/, handler: listPrices },
  { method: 'GET', pattern: new RegExp(`^/prices/${ID}$`), handler: retrievePrice },
  { method: 'GET', pattern: new RegExp(`^/products/${ID}$`), handler: retrieveProduct },
];

export function handleApi(context: ApiContext, request: ApiRequest): unknown {
  for (const route of routes) {
    if (route.method !== request.method) continue;
    const match = route.pattern.exec(request.path);
    if (match) return route.handler(context, request.params, match[1] ?? '');
  }
  throw new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${request.method}: /v1${request.path}). This local test checkout speaks only the part of Stripe's API that Mingle uses.`,
  );
}

// ---- expansion: ids replaced by the objects they name, as `expand[]` asks -------------------------

function lookup(context: ApiContext, id: string): unknown {
  const { state } = context;
  if (id.startsWith('cus_')) return state.customers[id];
  if (id.startsWith('sub_')) return state.subscriptions[id];
  if (id.startsWith('in_')) return state.invoices[id];
  if (id.startsWith('cs_')) return state.checkoutSessions[id] && renderCheckoutSession(state.checkoutSessions[id], context.origin);
  if (id === context.priceId) return priceObject(id);
  if (id === PRODUCT_ID) return productObject();
  return undefined;
}

function expand(context: ApiContext, object: unknown, paths: string[]): unknown {
  const copy = structuredClone(object) as Record<string, unknown>;
  for (const path of paths) expandPath(context, copy, path.split('.'));
  return copy;
}

function expandPath(context: ApiContext, object: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path;
  if (!head) return;
  if (head === 'data' && Array.isArray(object.data)) {
    for (const entry of object.data) expandPath(context, entry as Record<string, unknown>, rest);
    return;
  }
  let value = object[head];
  if (typeof value === 'string') {
    const found = lookup(context, value);
    if (found === undefined) return;
    value = object[head] = structuredClone(found);
  }
  if (rest.length > 0 && value && typeof value === 'object') expandPath(context, value as Record<string, unknown>, rest);
}

function answer(context: ApiContext, object: unknown, params: Params): unknown {
  const paths = expandParam(params);
  return paths.length === 0 ? object : expand(context, object, paths);
}

function list(url: string, all: unknown[], params: Params): unknown {
  const limit = Math.min(100, Math.max(1, Number(stringParam(params, 'limit') ?? 10) || 10));
  const startingAfter = stringParam(params, 'starting_after');
  let start = 0;
  if (startingAfter) {
    const index = all.findIndex((entry) => (entry as { id: string }).id === startingAfter);
    start = index + 1;
  }
  const data = all.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < all.length, url };
}


// ---- customers --------------------------------------------------------------------------------------

function createCustomer(context: ApiContext, params: Params): unknown {
  const customer = newCustomer(context.now(), stringParam(params, 'email') ?? null, stringParam(params, 'name') ?? null, metadataParam(params) ?? {});
  context.state.customers[customer.id] = customer;
  context.changed([]);
  return answer(context, customer, params);
}

function customerOrThrow(context: ApiContext, id: string, param = 'id') {
  const customer = context.state.customers[id];
  if (!customer) throw noSuch('customer', id, param);
  return customer;
}

function retrieveCustomer(context: ApiContext, params: Params, id: string): unknown {
  return answer(context, customerOrThrow(context, id), params);
}

function updateCustomer(context: ApiContext, params: Params, id: string): unknown {
  const customer = customerOrThrow(context, id);
  const email = stringParam(params, 'email');
  const name = stringParam(params, 'name');
  if (email !== undefined) customer.email = email || null;
  if (name !== undefined) customer.name = name || null;
  const metadata = metadataParam(params);
  // `metadata=` (empty) clears every key, as on Stripe.
  if (metadata && Object.keys(metadata).length === 0) customer.metadata = {};
  if (metadata) {
    for (const [key, value] of Object.entries(metadata)) {
      if (value === '') delete customer.metadata[key];
      else customer.metadata[key] = value;
    }
  }
  context.changed([]);
  return answer(context, customer, params);
}

function listCustomers(context: ApiContext, params: Params): unknown {
  const email = stringParam(params, 'email');
  const customers = Object.values(context.state.customers).filter((customer) => email === undefined || customer.email === email);
  return answer(context, list('/v1/customers', newestFirst(customers), params), params);
}

// ---- checkout and portal sessions ----------------------------------------------------------------

function requiredUrl(params: Params, name: string, required: boolean): string | null {
  const value = stringParam(params, name);
  if (value === undefined || value === '') {
    if (required) throw missingParam(name);
    return null;
  }
  try {
    new URL(value.replace('{CHECKOUT_SESSION_ID}', 'x'));
  } catch {
    throw invalidParam(name, 'Not a valid URL');
  }
  return value;
}

function createCheckoutSession(context: ApiContext, params: Params): unknown {
  const mode = stringParam(params, 'mode');
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription') {
    throw invalidParam('mode', `This local test checkout sells subscriptions only; mode '${mode}' is not supported here.`);
  }
  const lineItems = params.line_items;
  if (!Array.isArray(lineItems) || lineItems.length === 0) throw missingParam('line_items');
  if (lineItems.length > 1) throw invalidParam('line_items', 'This local test checkout sells one price per session.');
  const lineItem = lineItems[0];
  const item = typeof lineItem === 'object' && !Array.isArray(lineItem) ? lineItem : {};
  const priceId = stringParam(item, 'price');
  if (!priceId) throw missingParam('line_items[0][price]');
  if (priceId !== context.priceId) throw noSuch('price', priceId, 'line_items[0][price]');
  const quantityText = stringParam(item, 'quantity') ?? '1';
  const quantity = Number(quantityText);
  if (!Number.isInteger(quantity) || quantity < 1) throw invalidParam('line_items[0][quantity]', 'Invalid integer: ' + quantityText);

  const customer = stringParam(params, 'customer') || null;
  if (customer) customerOrThrow(context, customer, 'customer');
  const customerEmail = stringParam(params, 'customer_email') || null;
  if (customer && customerEmail) {
    throw invalidParam('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
  }
  const subscriptionData = params.subscription_data;
  const subscriptionMetadata =
    typeof subscriptionData === 'object' && !Array.isArray(subscriptionData) ? (metadataParam(subscriptionData) ?? {}) : {};

  const session = newCheckoutSession({
    now: context.now(),
    customer,
    customerEmail,
    amountTotal: UNIT_AMOUNT * quantity,
    successUrl: requiredUrl(params, 'success_url', true),
    cancelUrl: requiredUrl(params, 'cancel_url', false),
    clientReferenceId: stringParam(params, 'client_reference_id') || null,
    metadata: metadataParam(params) ?? {},
  });
  context.state.checkoutSessions[session.id] = session;
  context.state.purchases[session.id] = { priceId, quantity, subscriptionMetadata };
  context.changed([]);
  return answer(context, renderCheckoutSession(session, context.origin), params);
}

function retrieveCheckoutSession(context: ApiContext, params: Params, id: string): unknown {
  const session = context.state.checkoutSessions[id];
  if (!session) throw noSuch('checkout.session', id);
  return answer(context, renderCheckoutSession(session, context.origin), params);
}

function createPortalSession(context: ApiContext, params: Params): unknown {
  const customer = stringParam(params, 'customer');
  if (!customer) throw missingParam('customer');
  customerOrThrow(context, customer, 'customer');
  const session = newPortalSession(context.now(), customer, requiredUrl(params, 'return_url', false));
  context.state.portalSessions[session.id] = session;
  context.changed([]);
  return answer(context, renderPortalSession(session, context.origin), params);
}

// ---- subscriptions ------------------------------------------------------------------------------------

function subscriptionOrThrow(context: ApiContext, id: string): SubscriptionRecord {
  const subscription = context.state.subscriptions[id];
  if (!subscription) throw noSuch('subscription', id);
  return subscription;
}

function retrieveSubscription(context: ApiContext, params: Params, id: string): unknown {
  return answer(context, subscriptionOrThrow(context, id), params);
}

function listSubscriptions(context: ApiContext, params: Params): unknown {
  const customer = stringParam(params, 'customer');
  const status = stringParam(params, 'status');
  const price = stringParam(params, 'price');
  const subscriptions = Object.values(context.state.subscriptions).filter(
    (subscription) =>
      (customer === undefined || subscription.customer === customer) &&
      (price === undefined || subscription.items.data.some((item) => item.price.id === price)) &&
      // Stripe's default leaves canceled subscriptions out; 'all' includes them.
      (status === 'all' || (status === undefined ? subscription.status !== 'canceled' : subscription.status === status)),
  );
  // Lists expand through `data.`, e.g. expand[]=data.latest_invoice, as Stripe's do.
  return answer(context, list('/v1/subscriptions', newestFirst(subscriptions), params), params);
}

function updateSubscription(context: ApiContext, params: Params, id: string): unknown {
  const subscription = subscriptionOrThrow(context, id);
  const cancelAtPeriodEnd = stringParam(params, 'cancel_at_period_end');
  const metadata = metadataParam(params);
  if (subscription.status === 'canceled' && cancelAtPeriodEnd !== undefined) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details, default_payment_method, and metadata.',
    );
  }
  if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== 'true' && cancelAtPeriodEnd !== 'false') {
    throw invalidParam('cancel_at_period_end', 'Invalid boolean: ' + cancelAtPeriodEnd);
  }
  const cancel = cancelAtPeriodEnd === undefined ? undefined : cancelAtPeriodEnd === 'true';
  context.changed(applySubscriptionUpdate(subscription, { cancelAtPeriodEnd: cancel, metadata }, context.now()));
  return answer(context, subscription, params);
}

function cancelSubscription(context: ApiContext, params: Params, id: string): unknown {
  const subscription = subscriptionOrThrow(context, id);
  if (subscription.status === 'canceled') throw noSuch('subscription', id);
  context.changed(endSubscription(subscription, context.now()));
  return answer(context, subscription, params);
}

// ---- invoices, prices, products ---------------------------------------------------------------------

function retrieveInvoice(context: ApiContext, params: Params, id: string): unknown {
  const invoice = context.state.invoices[id];
  if (!invoice) throw noSuch('invoice', id);
  return answer(context, invoice, params);
}

function retrievePrice(context: ApiContext, params: Params, id: string): unknown {
  if (id !== context.priceId) throw noSuch('price', id);
  return answer(context, priceObject(id), params);
}

function listPrices(context: ApiContext, params: Params): unknown {
  return list('/v1/prices', [answer(context, priceObject(context.priceId), {})], params);
}

function retrieveProduct(context: ApiContext, params: Params, id: string): unknown {
  if (id !== PRODUCT_ID) throw noSuch('product', id);
  return answer(context, productObject(), params);
}
