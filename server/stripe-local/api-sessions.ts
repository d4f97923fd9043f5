import { answer, type ApiContext } from './api-answers';
import { customerOrThrow } from './api-customers';
import { metadataParam, stringParam, type Params } from './form-params';
import { newCheckoutSession, newPortalSession, renderCheckoutSession, renderPortalSession, UNIT_AMOUNT } from './objects';
import { invalidParam, missingParam, noSuch } from './stripe-errors';

/** The local checkout's /v1/checkout/sessions and /v1/billing_portal/sessions. */
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

export function createCheckoutSession(context: ApiContext, params: Params): unknown {
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
  const subscriptionMetadata = typeof subscriptionData === 'object' && !Array.isArray(subscriptionData) ? (metadataParam(subscriptionData) ?? {}) : {};

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

export function retrieveCheckoutSession(context: ApiContext, params: Params, id: string): unknown {
  const session = context.state.checkoutSessions[id];
  if (!session) throw noSuch('checkout.session', id);
  return answer(context, renderCheckoutSession(session, context.origin), params);
}

export function createPortalSession(context: ApiContext, params: Params): unknown {
  const customer = stringParam(params, 'customer');
  if (!customer) throw missingParam('customer');
  customerOrThrow(context, customer, 'customer');
  const session = newPortalSession(context.now(), customer, requiredUrl(params, 'return_url', false));
  context.state.portalSessions[session.id] = session;
  context.changed([]);
  return answer(context, renderPortalSession(session, context.origin), params);
}
