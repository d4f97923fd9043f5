import type { QueryKey } from '@tanstack/react-query';
import { apiPath } from '../../../contract/api-routes';
import type { ConversationPerson, Message } from '../../../contract/messages';
import { accepted, type Mutation, type RecordOf } from './mutation';

/** A message to a connection (docs/product.md, 'Messages'). */
export interface MessageSendPayload {
  /** The conversation: the other member's id. */
  userId: string;
  /** Made on the device: the server stores the message under it once, however often it is sent. */
  messageId: string;
  text: string;
  /** When the member wrote it; the server dates the message by it when it arrives late. */
  actedAt: string;
  /** The other member, named in the conversation list while the message waits. */
  to: ConversationPerson;
}

declare module '../db' {
  interface OutboxPayloads {
    'message-send': MessageSendPayload;
  }
}

/** What a delivered message changes (wired in by the app from the messages feature). */
export interface MessageCache {
  /** The queries that show the conversation with `userId`: its messages and the conversation list. */
  keys(userId: string): QueryKey[];
  /** Writes the message as the server stored it into them. */
  writeMessage(userId: string, message: Message): void;
  /** Tells the member, in words, what the server refused and why. */
  refused(text: string): void;
}

/** The member's messages not yet taken by the server (waiting or refused), by conversation, oldest first. */
export type MessagesOverlay = Map<string, RecordOf<'message-send'>[]>;

export const emptyMessagesOverlay = (): MessagesOverlay => new Map();

/** A refusal as the member reads it: 'Could not send your message to Ada: ...'. */
export function messageRefusalText(firstName: string, reason: unknown): string {
  const why = typeof reason === 'string' && reason.trim() ? reason.trim() : 'The server refused it.';
  return `Could not send your message to ${firstName}: ${why}`;
}

export const messageSendMutation: Mutation<'message-send', MessageCache, MessagesOverlay> = {
  kind: 'message-send',

  request: (record, send) => {
    const { userId, messageId, text, actedAt } = record.payload;
    return send({
      method: 'PUT',
      path: apiPath('/conversations/:userId/messages/:id', { userId, id: messageId }),
      body: { text, actedAt },
      idempotencyKey: record.id,
    });
  },

  delivered: (record, answer, cache) => {
    const { userId, to } = record.payload;
    if (accepted(answer)) {
      const message = answer.body as Message | null;
      // Without the message in the answer, the conversation is read again to show what the server has.
      if (!message || typeof message.id !== 'string') return { keys: cache.keys(userId), write: () => {}, readAgain: true };
      return { keys: cache.keys(userId), write: () => cache.writeMessage(userId, message) };
    }
    if (answer.outcome === 'fail') cache.refused(messageRefusalText(to.firstName, (answer.body as { error?: unknown } | null)?.error));
    return null;
  },

  // Waiting or refused, the message shows at the end of its conversation with its state, until
  // the server has it or the member deletes it.
  overlay: (view, record) => {
    const list = view.get(record.payload.userId) ?? [];
    list.push(record);
    view.set(record.payload.userId, list);
  },
};
