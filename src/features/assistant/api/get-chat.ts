import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ChatDetail } from '../../../../contract/chat';
import { apiClient } from '../../../lib/api-client';
import { assistantKeys, CHAT_CACHE_MS, CHAT_STALE_MS } from './keys';

/** GET chat/{id}: the chat with its live page of messages. */
export function getChat(chatId: string, signal?: AbortSignal): Promise<ChatDetail> {
  return apiClient.get<ChatDetail>(apiPath('/chat/:id', { id: chatId }), { signal });
}

export const chatQueryOptions = (chatId: string) =>
  queryOptions({
    queryKey: assistantKeys.chat(chatId),
    queryFn: ({ signal }) => getChat(chatId, signal),
    staleTime: CHAT_STALE_MS,
    gcTime: CHAT_CACHE_MS,
    networkMode: 'offlineFirst',
  });

export function useChat(chatId: string) {
  return useQuery(chatQueryOptions(chatId));
}
