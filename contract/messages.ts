/**
 * Messages between connections (docs/product.md, 'Messages'): one conversation per pair of
 * connected members, named by the other member's id, plain text shown as text. Paths, under /api
 * (every write takes an Idempotency-Key):
 *
 *   GET  conversations                              the member's conversations, newest first -> Conversation[]
 *   GET  conversations/{userId}/messages[?before={messageId}&limit=]  one page, oldest first  -> MessagePage
 *   PUT  conversations/{userId}/messages/{id}       {text, actedAt?}: the id is made on the device, so a
 *                                                   message is stored once however often it is sent
 *                                                   -> 201 Message (200 and the same Message on a repeat)
 *   POST conversations/{userId}/read                {upTo}: the member read up to that message -> 204
 *   GET  users/me/messages/unread                   -> UnreadCount
 *   GET  users/me/message-settings                  -> MessageSettings
 *   PUT  users/me/message-settings                  MessageSettings -> MessageSettings
 *   GET  stream                                     server-sent events (contract/stream.ts)
 *
 * Only the two members read a conversation; for anyone else, and between members who are not
 * connected (or one blocked the other), it does not exist (404). A conversation opened offline
 * needs no id from the server: it is the other member's id.
 */

/** How a message stands, as its sender sees it: the server has it, their device has it, they opened it. */
export type MessageState = 'sent' | 'delivered' | 'read';

export interface Message {
  /** Made on the sender's device (a UUID). */
  id: string;
  /** Who wrote it: the member or the other. */
  fromMe: boolean;
  text: string;
  /** When the sender wrote it (a message sent later from the outbox keeps this time). */
  sentAt: string;
  /**
   * The sender's view: 'read' only when both members have read receipts on; a message of the other
   * member's is 'read' once the member read it.
   */
  state: MessageState;
}

/** The other member of a conversation; null once they deleted their account ('Deleted member'). */
export interface ConversationPerson {
  id: string;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
}

export interface Conversation {
  /** The other member's id, also when they deleted their account. */
  userId: string;
  with: ConversationPerson | null;
  lastMessage: Message | null;
  /** Their messages the member has not read. */
  unread: number;
  /** The last message's time, or when the pair connected. */
  updatedAt: string;
}

export interface MessagePage {
  /** Oldest first. */
  messages: Message[];
  /** Older messages exist: ask again with before={the first id here}. */
  hasMore: boolean;
}

export interface UnreadCount {
  /** Their messages the member has not read, across conversations. */
  count: number;
}

export interface MessageSettings {
  /** Off: the member neither sends read receipts nor sees them. */
  readReceipts: boolean;
}

/** A message is at most this long (characters, after trimming); an empty one is refused. */
export const MESSAGE_MAX_LENGTH = 2000;
/** A page of a conversation, and what the app keeps of each conversation to open offline. */
export const MESSAGE_PAGE_SIZE = 50;
/** Per member: messages a minute and a day (429 with Retry-After beyond). */
export const MESSAGES_PER_MINUTE = 30;
export const MESSAGES_PER_DAY = 500;
/** Messages in a row to a member who has not answered: the next waits for their answer. */
export const MESSAGES_WITHOUT_ANSWER = 5;

export const MESSAGE_ERROR_CODES = {
  /** MESSAGES_WITHOUT_ANSWER messages in a row: wait for the other to answer. */
  waitForAnswer: 'message_wait_for_answer',
} as const;

export const MESSAGE_ERRORS = {
  notFound: 'Conversation not found',
  empty: 'Write a message first',
  waitForAnswer: `You have sent ${MESSAGES_WITHOUT_ANSWER} messages in a row: wait for an answer before you send more`,
  /** The same id sent again with other text: ids are made on the device and never reused. */
  idTaken: 'This message id is already used for another message',
} as const;
