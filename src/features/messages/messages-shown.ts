import type { Conversation, Message, MessageState } from '../../../contract/messages';
import type { OutboxRecord } from '../../offline/db';
import { waiting, type RecordOf } from '../../offline/mutations/mutation';
import { messageSendMutation, type MessagesOverlay } from '../../offline/mutations/message-send';

/** How a message shows: the server's state, or this device's ('waiting' to send, 'failed': refused). */
export type ShownState = MessageState | 'waiting' | 'failed';

export interface ShownMessage extends Omit<Message, 'state'> {
  state: ShownState;
  /** The outbox record of a message this device has not got taken yet (to retry or delete it). */
  recordId?: string;
  /** Why the server refused it. */
  reason?: string;
}

/** The member's queued messages, by conversation, in queue order. */
export function messagesOverlay(records: readonly OutboxRecord[] | null): MessagesOverlay {
  const view: MessagesOverlay = new Map();
  for (const record of [...(records ?? [])].sort((a, b) => a.createdAt - b.createdAt)) {
    if (record.kind === 'message-send') messageSendMutation.overlay(view, record);
  }
  return view;
}

const REFUSED = 'The message could not be sent.';

function fromRecord(record: RecordOf<'message-send'>): ShownMessage {
  const { messageId, text, actedAt } = record.payload;
  return {
    id: messageId,
    fromMe: true,
    text,
    sentAt: actedAt,
    state: waiting(record) ? 'waiting' : 'failed',
    recordId: record.id,
    reason: waiting(record) ? undefined : (record.lastError ?? REFUSED),
  };
}

/**
 * The conversation as the member sees it: the server's messages (oldest first), then this device's
 * messages it does not have yet, in the order they were written. A record whose message the server
 * already has (its answer is being written) shows once, as the server has it.
 */
export function shownMessages(messages: readonly Message[], queued: readonly RecordOf<'message-send'>[] | undefined): ShownMessage[] {
  const stored = new Set(messages.map((m) => m.id));
  return [...messages, ...(queued ?? []).filter((record) => !stored.has(record.payload.messageId)).map(fromRecord)];
}

/**
 * The conversation list with this device's waiting messages: a conversation's last message is the
 * newest waiting one, and a conversation the server has no message of yet shows from it.
 */
export function shownConversations(conversations: readonly Conversation[], overlay: MessagesOverlay): Conversation[] {
  const shown = conversations.map((conversation) => {
    const last = overlay.get(conversation.userId)?.at(-1);
    if (!last || (conversation.lastMessage && conversation.lastMessage.sentAt > last.payload.actedAt)) return conversation;
    return { ...conversation, lastMessage: { ...fromRecord(last), state: 'sent' as const }, updatedAt: last.payload.actedAt };
  });
  for (const [userId, records] of overlay) {
    const last = records.at(-1);
    if (!last || shown.some((c) => c.userId === userId)) continue;
    shown.push({ userId, with: last.payload.to, lastMessage: { ...fromRecord(last), state: 'sent' }, unread: 0, updatedAt: last.payload.actedAt });
  }
  return shown.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** Whether the conversation's last message is one of this device's, still waiting to be sent. */
export const lastIsQueued = (conversation: Conversation, overlay: MessagesOverlay): boolean =>
  overlay.get(conversation.userId)?.some((record) => record.payload.messageId === conversation.lastMessage?.id) ?? false;
