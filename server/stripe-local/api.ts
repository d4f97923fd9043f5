import type { ApiContext } from './api-answers';
import { createCustomer, listCustomers, retrieveCustomer, updateCustomer } from './api-customers';
import { createCheckoutSession, createPortalSession, retrieveCheckoutSession } from './api-sessions';
import {
  cancelSubscription,
  listPrices,
  listSubscriptions,
  retrieveInvoice,
  retrievePrice,
  retrieveProduct,
  retrieveSubscription,
  updateSubscription,
} from './api-subscriptions';
import type { Params } from './form-params';
import { StripeApiError } from './stripe-errors';

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
