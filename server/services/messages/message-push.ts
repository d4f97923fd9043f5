import type { Message } from '../../../contract/messages';
import { conversationUrl, type PushPayload } from '../../../contract/push';
import { deliver, type PushContext } from '../push/deliver';
import { trackSend } from '../push/in-flight';
import { wantsPush } from '../push/settings';
import { subscriptionsOf } from '../push/subscriptions';

/** The text shown on a lock screen: the start of the message. */
export const MESSAGE_PUSH_TEXT = 120;
/** A message waiting a day is better read in the app than announced. */
const MESSAGE_TTL_S = 24 * 60 * 60;

/**
 * The notification of a new message: the sender's name, the start of the text, one per
 * conversation (its tag: a new message replaces the last one's notification), opening the
 * conversation. The service worker leaves it out while a window of the app shows that conversation
 * (sw/push.ts).
 */
export function messagePushPayload(sender: { id: string; firstName: string; lastName: string }, message: Pick<Message, 'text'>): PushPayload {
  const text = message.text.replace(/\s+/g, ' ').trim();
  return {
    kind: 'message',
    title: `${sender.firstName} ${sender.lastName}`.trim(),
    body: text.length > MESSAGE_PUSH_TEXT ? `${text.slice(0, MESSAGE_PUSH_TEXT - 1)}…` : text,
    tag: `message-${sender.id}`,
    url: conversationUrl(sender.id),
  };
}

/** After the message committed: a push to the recipient's devices, unless their 'Messages' switch is off. Never fails the send. */
export function notifyNewMessage(ctx: PushContext, recipientId: string, senderId: string, message: Message): void {
  trackSend(sendMessagePush(ctx, recipientId, senderId, message).catch((error: unknown) => ctx.logger.error('[push] message notification failed', error)));
}

async function sendMessagePush(ctx: PushContext, recipientId: string, senderId: string, message: Message): Promise<void> {
  if (!(await wantsPush(ctx.db, recipientId, 'message'))) return;
  const subscriptions = await subscriptionsOf(ctx.db, [recipientId]);
  if (subscriptions.length === 0) return;
  const sender = await ctx.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', senderId).executeTakeFirst();
  if (!sender) return;
  const payload = messagePushPayload({ id: sender.id, firstName: sender.first_name, lastName: sender.last_name }, message);
  await deliver(
    ctx,
    subscriptions.map((subscription) => ({ subscription, payload, ttl: MESSAGE_TTL_S })),
  );
}
