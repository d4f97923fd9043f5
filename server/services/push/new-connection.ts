import { newConnectionPayload } from './payloads';
import { deliver, type PushContext } from './deliver';
import { trackSend } from './in-flight';
import { wantsPush } from './settings';
import { subscriptionsOf } from './subscriptions';

/** A day: 'you're connected' read the next morning still helps; later it is old news. */
const CONNECTION_TTL_S = 24 * 60 * 60;

/**
 * Tells `recipientId` that `otherId` completed a connection with them. Called after the
 * connection's transaction committed; returns at once, and a failure is only logged, so the
 * request of the member who acted is never slowed or failed by it.
 */
export function notifyNewConnection(ctx: PushContext, recipientId: string, otherId: string): void {
  trackSend(sendNewConnection(ctx, recipientId, otherId).catch((error: unknown) => ctx.logger.error('[push] new-connection notification failed', error)));
}

async function sendNewConnection(ctx: PushContext, recipientId: string, otherId: string): Promise<void> {
  if (!(await wantsPush(ctx.db, recipientId, 'new-connection'))) return;
  const subscriptions = await subscriptionsOf(ctx.db, [recipientId]);
  if (subscriptions.length === 0) return;
  const other = await ctx.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', otherId).executeTakeFirst();
  if (!other) return;
  const payload = newConnectionPayload({ id: other.id, firstName: other.first_name, lastName: other.last_name });
  await deliver(
    ctx,
    subscriptions.map((subscription) => ({ subscription, payload, ttl: CONNECTION_TTL_S })),
  );
}
