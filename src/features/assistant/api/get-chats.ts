import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ChatListResponse } from '../../../../contract/chat';
import { apiClient } from '../../../lib/api-client';
import { assistantKeys, CHAT_CACHE_MS, CHATS_STALE_MS } from './keys';

/** GET chat: the member's chats, most recently used first. */
export function getChats(signal?: AbortSignal): Promise<ChatListResponse> {
  return apiClient.get<ChatListResponse>(apiPath('/chat'), { signal });
}

export const chatsQueryOptions = () =>
  queryOptions({
    queryKey: assistantKeys.chats(),
    queryFn: ({ signal }) => getChats(signal),
    staleTime: CHATS_STALE_MS,
    // Kept a day (and so persisted): the list opens offline.
    gcTime: CHAT_CACHE_MS,
    networkMode: 'offlineFirst',
  });

export function useChats() {
  return useQuery(chatsQueryOptions());
}
