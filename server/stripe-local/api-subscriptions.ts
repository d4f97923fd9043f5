import { answer, list, type ApiContext } from './api-answers';
import { endSubscription, updateSubscription as applySubscriptionUpdate } from './billing';
import { metadataParam, stringParam, type Params } from './form-params';
import { priceObject, productObject, PRODUCT_ID } from './objects';
import { newestFirst, type SubscriptionRecord } from './state';
import { invalidParam, noSuch, StripeApiError } from './stripe-errors';

/** The local checkout's /v1/subscriptions, and the invoices, prices and product they refer to. */
function subscriptionOrThrow(context: ApiContext, id: string): SubscriptionRecord {
  const subscription = context.state.subscriptions[id];
  if (!subscription) throw noSuch('subscription', id);
  return subscription;
}

export function retrieveSubscription(context: ApiContext, params: Params, id: string): unknown {
  return answer(context, subscriptionOrThrow(context, id), params);
}

export function listSubscriptions(context: ApiContext, params: Params): unknown {
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

export function updateSubscription(context: ApiContext, params: Params, id: string): unknown {
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

export function cancelSubscription(context: ApiContext, params: Params, id: string): unknown {
  const subscription = subscriptionOrThrow(context, id);
  if (subscription.status === 'canceled') throw noSuch('subscription', id);
  context.changed(endSubscription(subscription, context.now()));
  return answer(context, subscription, params);
}

export function retrieveInvoice(context: ApiContext, params: Params, id: string): unknown {
  const invoice = context.state.invoices[id];
  if (!invoice) throw noSuch('invoice', id);
  return answer(context, invoice, params);
}

export function retrievePrice(context: ApiContext, params: Params, id: string): unknown {
  if (id !== context.priceId) throw noSuch('price', id);
  return answer(context, priceObject(id), params);
}

export function listPrices(context: ApiContext, params: Params): unknown {
  return list('/v1/prices', [answer(context, priceObject(context.priceId), {})], params);
}

export function retrieveProduct(context: ApiContext, params: Params, id: string): unknown {
  if (id !== PRODUCT_ID) throw noSuch('product', id);
  return answer(context, productObject(), params);
}
