import { announceStreamEvents } from '../realtime/realtime';
import { insertStreamEvents } from '../realtime/stream-events';
import type { MessageContext } from './message-context';
import { markDeliveredRows, stateEvents } from './message-states';

/**
 * The member's app has their messages (it read the conversations, a conversation's page, or its
 * stream was sent them): each sender is told 'delivered' on their streams. Nothing is written when
 * nothing was waiting.
 */
export async function markDelivered(ctx: MessageContext, reader: string, filter: { from?: string; ids?: readonly string[] } = {}): Promise<void> {
  const now = ctx.clock();
  const userIds = await ctx.db.transaction().execute(async (trx) => {
    const changed = await markDeliveredRows(trx, reader, filter, now);
    if (changed.length === 0) return [];
    return insertStreamEvents(
      trx,
      stateEvents(reader, changed, () => 'delivered'),
      now,
      ctx.realtime.bus.notifiesInDatabase,
    );
  });
  if (userIds.length > 0) announceStreamEvents(ctx, userIds);
}
