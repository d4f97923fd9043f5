import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { PushPayload } from '../../../contract/push';
import type { Database } from '../../db/schema';
import type { Config } from '../../env';
import type { Logger } from '../../logger';
import { OutboundRefusedError, requestOutbound, type ResolveHost } from '../outbound/address-guard';
import { pushEndpointPolicy } from './endpoint-policy';
import { markDelivered, removeSubscription, type StoredSubscription } from './subscriptions';
import { vapidDetails, type VapidDetails } from './vapid-keys';

export interface PushContext {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  clock: () => Date;
  resolveHost?: ResolveHost | undefined;
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

/** What the push service answers is small; a longer body is not read. */
const MAX_ANSWER_BYTES = 64 * 1024;

type Outcome = 'delivered' | 'gone' | { refused: string } | { failed: string };

/**
 * One message: web-push encrypts it (RFC 8291, aes128gcm) and signs the request (VAPID); the
 * outbound guard posts it (RFC 8030), checking the endpoint and the address it resolves to at the
 * moment of connecting, and following no redirect.
 */
async function post(ctx: PushContext, delivery: Delivery, vapid: VapidDetails): Promise<Outcome> {
  const { subscription, payload, ttl } = delivery;
  let url: URL;
  try {
    url = new URL(subscription.endpoint);
  } catch {
    return { refused: 'not a URL' };
  }
  const request = webpush.generateRequestDetails(
    { endpoint: url.href, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL: Math.max(0, Math.round(ttl)), urgency: 'normal' },
  );
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  let res;
  try {
    res = await requestOutbound(url, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      policy: pushEndpointPolicy(ctx.config, ctx.resolveHost),
    });
  } catch (error) {
    if (error instanceof OutboundRefusedError) return { refused: error.message };
    throw error;
  }
  await res.bytes(MAX_ANSWER_BYTES);
  if (res.status >= 200 && res.status < 300) return 'delivered';
  if (res.status === 404 || res.status === 410) return 'gone';
  return { failed: `the push service answered ${res.status}` };
}

/**
 * Sends each message to its subscription. A subscription the push service calls gone (404, 410)
 * is deleted, and so is one the guard refuses (nothing was sent to it, and nothing ever will be):
 * what a member sees of either comes from a push service, never from a host inside the network.
 * Other failures are logged and dropped: a notification is a nudge, and a retry later would
 * arrive when it no longer helps. Returns how many the push services accepted.
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
        outcome = await post(ctx, delivery, vapid);
      } catch (error) {
        outcome = { failed: error instanceof Error ? error.message : String(error) };
      }
      if (outcome === 'delivered') delivered.push(id);
      else if (outcome === 'gone') {
        await removeSubscription(ctx.db, id);
        ctx.logger.debug(`[push] subscription ${id} is gone; removed`);
      } else if ('refused' in outcome) {
        await removeSubscription(ctx.db, id);
        ctx.logger.error(`[push] subscription ${id} not sent to and removed: ${outcome.refused}`);
      } else ctx.logger.error(`[push] sending ${delivery.payload.kind} to subscription ${id} failed: ${outcome.failed}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, deliveries.length) }, worker));
  await markDelivered(ctx.db, delivered, ctx.clock());
  return delivered.length;
}
