import { sql } from 'kysely';
import { MESSAGE_ERROR_CODES, MESSAGE_ERRORS, MESSAGES_WITHOUT_ANSWER, type Message } from '../../../contract/messages';
import { ApiError } from '../../http/api-error';
import { orderedPair } from '../connections/connection-write';
import { actedAtOf } from '../meetings/meeting-times';
import { announceStreamEvents } from '../realtime/realtime';
import { insertStreamEvents } from '../realtime/stream-events';
import { requireConversation } from './conversation-access';
import type { MessageContext } from './message-context';
import { MESSAGE_COLUMNS, messageJson } from './message-json';
import { readMessageSettings } from './message-settings';
import { lockPair } from './message-states';
import { notifyNewMessage } from './message-push';

export interface SendInput {
  /** Made on the device (a UUID, lower case). */
  id: string;
  /** Trimmed, 1 to MESSAGE_MAX_LENGTH characters. */
  text: string;
  actedAt?: string | undefined;
}

/**
 * `me` writes to `other` (docs/product.md, 'Messages'), in one transaction under the pair's lock:
 * only between connected members (404 otherwise); an id already stored answers that message when
 * it is the same message sent again (created: false), and 409 when it names another; the
 * MESSAGES_WITHOUT_ANSWER-th message in a row to a member who has not answered is refused (409)
 * until they answer. The message, its conversation on both sides and the stream's events (to the
 * other, and to the member's other devices) commit together; the push to the other goes after.
 */
export async function sendMessage(
  ctx: MessageContext,
  me: string,
  other: string,
  input: SendInput,
  session: string | null,
): Promise<{ message: Message; created: boolean }> {
  const now = ctx.clock();
  const sentAt = actedAtOf(input.actedAt, now);
  const myReceipts = (await readMessageSettings(ctx.db, me)).readReceipts;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const [a, b] = orderedPair(me, other);
    await lockPair(trx, a, b);
    if ((await requireConversation(trx, me, other)) !== 'connected') throw new ApiError(404, MESSAGE_ERRORS.notFound);

    const inserted = await trx
      .insertInto('messages')
      .values({ id: input.id, sender_id: me, recipient_id: other, text: input.text, sent_at: sentAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning([...MESSAGE_COLUMNS])
      .executeTakeFirst();
    if (!inserted) {
      const stored = await trx
        .selectFrom('messages')
        .select([...MESSAGE_COLUMNS, 'recipient_id'])
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (stored && stored.sender_id === me && stored.recipient_id === other && stored.text === input.text) {
        return { message: messageJson(stored, me, myReceipts), created: false, userIds: [] as string[] };
      }
      throw new ApiError(409, MESSAGE_ERRORS.idTaken, { field: 'id' });
    }

    // In a row: the member's messages stored after the other's last one to them (this one included).
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from messages
      where sender_id = ${me} and recipient_id = ${other}
        and seq > coalesce((select max(seq) from messages where sender_id = ${other} and recipient_id = ${me}), 0)`.execute(trx);
    if ((rows[0]?.n ?? 0) > MESSAGES_WITHOUT_ANSWER) {
      throw new ApiError(409, MESSAGE_ERRORS.waitForAnswer, { code: MESSAGE_ERROR_CODES.waitForAnswer });
    }

    await trx
      .insertInto('message_conversations')
      .values([
        { user_id: me, other_id: other, last_at: sentAt },
        { user_id: other, other_id: me, last_at: sentAt },
      ])
      .onConflict((oc) => oc.columns(['user_id', 'other_id']).doUpdateSet({ last_at: sql`greatest(message_conversations.last_at, excluded.last_at)` }))
      .execute();

    const mine = messageJson(inserted, me, myReceipts);
    const theirs = messageJson(inserted, other, true);
    const userIds = await insertStreamEvents(
      trx,
      [
        { userId: other, type: 'message', data: { userId: me, message: theirs } },
        { userId: me, type: 'message', data: { userId: other, message: mine }, skipSession: session },
      ],
      now,
      ctx.realtime.bus.notifiesInDatabase,
    );
    return { message: mine, created: true, userIds };
  });
  if (result.created) {
    announceStreamEvents(ctx, result.userIds);
    notifyNewMessage(ctx, other, me, result.message);
  }
  return { message: result.message, created: result.created };
}
