import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import { MESSAGE_PAGE_SIZE, type MessagePage } from '../../../../contract/messages';
import { apiClient } from '../../../lib/api-client';
import { messagesKeys } from './keys';

/** The path of the newest page, as the first screen and the service worker know it. */
export const latestMessagesPath = (userId: string) => apiPath('/conversations/:userId/messages', { userId });

/** GET conversations/{userId}/messages: one page, oldest first; `before` a message id for older ones. */
export function getMessages(userId: string, before: string | null, signal?: AbortSignal): Promise<MessagePage> {
  const query = before ? `?before=${encodeURIComponent(before)}&limit=${MESSAGE_PAGE_SIZE}` : '';
  return apiClient.get<MessagePage>(`${latestMessagesPath(userId)}${query}`, { signal });
}

/**
 * The conversation, a page at a time: the first page is the newest (what opens offline: the
 * service worker keeps it), each next page the one before it.
 */
export const messagesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.conversation(userId),
    queryFn: ({ pageParam, signal }) => getMessages(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasMore && page.messages.length > 0 ? page.messages[0]!.id : undefined),
    networkMode: 'offlineFirst',
    staleTime: 0,
  });

export function useMessages(userId: string) {
  return useInfiniteQuery(messagesQueryOptions(userId));
}
