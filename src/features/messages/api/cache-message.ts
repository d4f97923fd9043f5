import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Conversation, Message, MessagePage, MessageState } from '../../../../contract/messages';
import { messagesKeys } from './keys';

type Pages = InfiniteData<MessagePage, string | null>;

const byTime = (a: Message, b: Message) => a.sentAt.localeCompare(b.sentAt) || a.id.localeCompare(b.id);
const RANK: Record<MessageState, number> = { sent: 0, delivered: 1, read: 2 };

/** The newest page with the message in it (its older self replaced), in time order. */
function withMessage(pages: Pages, message: Message): Pages {
  const inPage = pages.pages.findIndex((page) => page.messages.some((m) => m.id === message.id));
  const at = inPage === -1 ? 0 : inPage;
  const next = pages.pages.map((page, index) =>
    index === at ? { ...page, messages: [...page.messages.filter((m) => m.id !== message.id), message].sort(byTime) } : page,
  );
  return { ...pages, pages: next };
}

/**
 * Writes a message as the server has it into the conversation and the conversation list: a
 * conversation not listed yet (the first message) has the list read again.
 */
export function cacheMessage(queryClient: QueryClient, userId: string, message: Message, options: { open?: boolean } = {}): void {
  queryClient.setQueryData<Pages>(messagesKeys.conversation(userId), (pages) => pages && withMessage(pages, message));
  const list = queryClient.getQueryData<Conversation[]>(messagesKeys.conversations());
  const listed = list?.find((c) => c.userId === userId);
  if (!list || !listed) {
    void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations() });
    return;
  }
  const newer = !listed.lastMessage || byTime(listed.lastMessage, message) <= 0;
  const unread = !message.fromMe && !options.open && message.state !== 'read' && listed.lastMessage?.id !== message.id ? listed.unread + 1 : listed.unread;
  const updated: Conversation = newer ? { ...listed, lastMessage: message, updatedAt: message.sentAt, unread } : { ...listed, unread };
  queryClient.setQueryData<Conversation[]>(
    messagesKeys.conversations(),
    [updated, ...list.filter((c) => c.userId !== userId)].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
  );
}

/** The member's messages to `userId` up to `upTo` (by time) reached `state`; a message not cached has the conversation read again. */
export function cacheMessageState(queryClient: QueryClient, userId: string, upTo: string, state: MessageState): void {
  const pages = queryClient.getQueryData<Pages>(messagesKeys.conversation(userId));
  const until = pages?.pages.flatMap((page) => page.messages).find((m) => m.id === upTo);
  if (!pages || !until) {
    void queryClient.invalidateQueries({ queryKey: messagesKeys.conversation(userId) });
    return;
  }
  const raise = (m: Message) => (m.fromMe && byTime(m, until) <= 0 && RANK[m.state] < RANK[state] ? { ...m, state } : m);
  queryClient.setQueryData<Pages>(messagesKeys.conversation(userId), {
    ...pages,
    pages: pages.pages.map((page) => ({ ...page, messages: page.messages.map(raise) })),
  });
  queryClient.setQueryData<Conversation[]>(messagesKeys.conversations(), (list) =>
    list?.map((c) => (c.userId === userId && c.lastMessage ? { ...c, lastMessage: raise(c.lastMessage) } : c)),
  );
}

/** The conversation with `userId` was read (here or on another device): nothing unread in it. */
export function cacheConversationRead(queryClient: QueryClient, userId: string): void {
  queryClient.setQueryData<Conversation[]>(messagesKeys.conversations(), (list) => list?.map((c) => (c.userId === userId ? { ...c, unread: 0 } : c)));
}

/** The conversation with `userId` is gone from the member's view (a block). */
export function cacheConversationHidden(queryClient: QueryClient, userId: string): void {
  queryClient.setQueryData<Conversation[]>(messagesKeys.conversations(), (list) => list?.filter((c) => c.userId !== userId));
  queryClient.removeQueries({ queryKey: messagesKeys.conversation(userId) });
}

/** The queries a message to `userId` changes. */
export const messageKeysOf = (userId: string): QueryKey[] => [messagesKeys.conversation(userId), messagesKeys.conversations()];
