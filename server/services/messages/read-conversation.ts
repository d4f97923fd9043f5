import { sql } from 'kysely';
import { announceStreamEvents } from '../realtime/realtime';
import { insertStreamEvents, type StreamEventInput } from '../realtime/stream-events';
import { requireConversation } from './conversation-access';
import type { MessageContext } from './message-context';
import { readReceiptsOf } from './message-settings';
import { stateEvents } from './message-states';

/**
 * `me` read the conversation with `other` up to the message `upTo` (by time): the other's messages
 * up to it are read (and delivered). The member's other devices are told ('conversation-read');
 * the sender is told 'read' when both have read receipts on, else only 'delivered' (reading does
 * not tell them). A message not in this conversation (one the server does not have yet) reads
 * nothing.
 */
export async function readConversation(ctx: MessageContext, me: string, other: string, upTo: string, session: string | null): Promise<void> {
  await requireConversation(ctx.db, me, other);
  const now = ctx.clock();
  const receipts = await readReceiptsOf(ctx.db, [me, other]);
  const shown = receipts.get(me) ?? true;
  const userIds = await ctx.db.transaction().execute(async (trx) => {
    const { rows: changed } = await sql<{ id: string; sender_id: string; sent_at: Date }>`
      update messages m set read_at = ${now}, read_shown = ${shown}, delivered_at = coalesce(m.delivered_at, ${now})
      from messages upto
      where upto.id = ${upTo} and upto.user_a_id = least(${me}::uuid, ${other}::uuid) and upto.user_b_id = greatest(${me}::uuid, ${other}::uuid)
        and m.sender_id = ${other} and m.recipient_id = ${me} and m.read_at is null
        and (m.sent_at, m.id) <= (upto.sent_at, upto.id)
      returning m.id, m.sender_id, m.sent_at`.execute(trx);
    if (changed.length === 0) return [];
    const tellsRead = shown && (receipts.get(other) ?? true);
    const events: StreamEventInput[] = [
      ...stateEvents(me, changed, () => (tellsRead ? 'read' : 'delivered')),
      { userId: me, type: 'conversation-read', data: { userId: other }, skipSession: session },
    ];
    return insertStreamEvents(trx, events, now, ctx.realtime.bus.notifiesInDatabase);
  });
  if (userIds.length > 0) announceStreamEvents(ctx, userIds);
}
