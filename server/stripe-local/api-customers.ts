import { answer, list, type ApiContext } from './api-answers';
import { metadataParam, stringParam, type Params } from './form-params';
import { newCustomer } from './objects';
import { newestFirst } from './state';
import { noSuch } from './stripe-errors';

/** The local checkout's /v1/customers. */
export function createCustomer(context: ApiContext, params: Params): unknown {
  const customer = newCustomer(context.now(), stringParam(params, 'email') ?? null, stringParam(params, 'name') ?? null, metadataParam(params) ?? {});
  context.state.customers[customer.id] = customer;
  context.changed([]);
  return answer(context, customer, params);
}

export function customerOrThrow(context: ApiContext, id: string, param = 'id') {
  const customer = context.state.customers[id];
  if (!customer) throw noSuch('customer', id, param);
  return customer;
}

export function retrieveCustomer(context: ApiContext, params: Params, id: string): unknown {
  return answer(context, customerOrThrow(context, id), params);
}

export function updateCustomer(context: ApiContext, params: Params, id: string): unknown {
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

export function listCustomers(context: ApiContext, params: Params): unknown {
  const email = stringParam(params, 'email');
  const customers = Object.values(context.state.customers).filter((customer) => email === undefined || customer.email === email);
  return answer(context, list('/v1/customers', newestFirst(customers), params), params);
}
