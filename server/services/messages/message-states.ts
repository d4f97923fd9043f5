import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { StreamEventInput } from '../realtime/stream-events';
import type { MessageState } from '../../../contract/messages';

export interface ChangedMessage {
  id: string;
  sender_id: string;
  sent_at: Date;
}

/**
 * The 'message-state' events that tell each sender how far their messages to `reader` got: one
 * per sender, up to their latest message that changed (contract/stream.ts: 'up to', by time).
 */
export function stateEvents(reader: string, changed: readonly ChangedMessage[], state: (senderId: string) => MessageState): StreamEventInput[] {
  const latest = new Map<string, ChangedMessage>();
  for (const message of changed) {
    const seen = latest.get(message.sender_id);
    const later = !seen || message.sent_at.getTime() > seen.sent_at.getTime() || (message.sent_at.getTime() === seen.sent_at.getTime() && message.id > seen.id);
    if (later) latest.set(message.sender_id, message);
  }
  return [...latest.values()].map((message) => ({
    userId: message.sender_id,
    type: 'message-state',
    data: { userId: reader, upTo: message.id, state: state(message.sender_id) },
  }));
}

/**
 * Marks the messages to `reader` that their app now has as delivered (all, one sender's, or the
 * given ids) and answers which changed. A partial index holds only undelivered messages, so this
 * costs next to nothing when there are none.
 */
export async function markDeliveredRows(
  trx: Transaction<Database>,
  reader: string,
  filter: { from?: string; ids?: readonly string[] },
  now: Date,
): Promise<ChangedMessage[]> {
  if (filter.ids && filter.ids.length === 0) return [];
  let query = trx.updateTable('messages').set({ delivered_at: now }).where('recipient_id', '=', reader).where('delivered_at', 'is', null);
  if (filter.from !== undefined) query = query.where('sender_id', '=', filter.from);
  if (filter.ids !== undefined) query = query.where('id', 'in', [...filter.ids]);
  // Only from members still connected: a blocked member learns nothing of the blocker's app.
  query = query.where(sql<boolean>`exists (select 1 from connections cn where cn.user_a_id = messages.user_a_id and cn.user_b_id = messages.user_b_id)`);
  return query.returning(['id', 'sender_id', 'sent_at']).execute();
}

/** The advisory lock that serializes the writes of one pair's conversation (sends and their checks). */
export async function lockPair(trx: Transaction<Database>, a: string, b: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`messages:${a}:${b}`}, 0))`.execute(trx);
}
