import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { PushPayload } from '../../../contract/push';
import type { Database } from '../../db/schema';
import type { Config } from '../../env';
import type { Logger } from '../../logger';
import { markDelivered, removeSubscription, type StoredSubscription } from './subscriptions';
import { vapidDetails, type VapidDetails } from './vapid-keys';

export interface PushContext {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  clock: () => Date;
}

export interface Delivery {
  subscription: StoredSubscription;
  payload: PushPayload;
  /** Seconds the push service may keep the message for an offline device; after that it is dropped. */
  ttl: number;
}

/** Sends at once per process: enough to keep the push services busy, few enough for one small server. */
const CONCURRENCY = 32;
const TIMEOUT_MS = 10_000;

type Outcome = 'delivered' | 'gone' | { failed: string };

/**
 * One message: web-push encrypts it (RFC 8291, aes128gcm) and signs the request (VAPID); fetch
 * posts it (RFC 8030), since web-push's own sender speaks only https and the tests' push service
 * is plain http on this machine.
 */
async function post(delivery: Delivery, vapid: VapidDetails): Promise<Outcome> {
  const { subscription, payload, ttl } = delivery;
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL: Math.max(0, Math.round(ttl)), urgency: 'normal' },
  );
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  const res = await fetch(request.endpoint, {
    method: request.method,
    headers,
    body: request.body ? new Uint8Array(request.body) : null,
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (res.ok) return 'delivered';
  if (res.status === 404 || res.status === 410) return 'gone';
  return { failed: `the push service answered ${res.status}` };
}

/**
 * Sends each message to its subscription. A subscription the push service calls gone (404, 410)
 * is deleted; other failures are logged and dropped: a notification is a nudge, and a retry later
 * would arrive when it no longer helps. Returns how many the push services accepted.
 */
export async function deliver(ctx: PushContext, deliveries: readonly Delivery[]): Promise<number> {
  if (deliveries.length === 0) return 0;
  const vapid = await vapidDetails(ctx.db, ctx.config);
  const delivered: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < deliveries.length) {
      const delivery = deliveries[next++]!;
      const { id } = delivery.subscription;
      let outcome: Outcome;
      try {
        outcome = await post(delivery, vapid);
      } catch (error) {
        outcome = { failed: error instanceof Error ? error.message : String(error) };
      }
      if (outcome === 'delivered') delivered.push(id);
      else if (outcome === 'gone') {
        await removeSubscription(ctx.db, id);
        ctx.logger.debug(`[push] subscription ${id} is gone; removed`);
      } else ctx.logger.error(`[push] sending ${delivery.payload.kind} to subscription ${id} failed: ${outcome.failed}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, deliveries.length) }, worker));
  await markDelivered(ctx.db, delivered, ctx.clock());
  return delivered.length;
}
