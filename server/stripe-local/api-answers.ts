import { expandParam, stringParam, type Params } from './form-params';
import { priceObject, productObject, PRODUCT_ID, renderCheckoutSession, type StripeEvent } from './objects';
import type { LocalStripeState } from './state';

/** How the local checkout's API answers: the request's context, `expand[]` (ids replaced by the objects they name) and list pages. */
export interface ApiContext {
  state: LocalStripeState;
  priceId: string;
  origin: string;
  now: () => number;
  /** Saves the state and queues the events for delivery, after a change. */
  changed: (events: StripeEvent[]) => void;
}

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

export function answer(context: ApiContext, object: unknown, params: Params): unknown {
  const paths = expandParam(params);
  return paths.length === 0 ? object : expand(context, object, paths);
}

export function list(url: string, all: unknown[], params: Params): unknown {
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
