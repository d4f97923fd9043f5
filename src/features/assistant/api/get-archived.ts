import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ArchivedPageResponse } from '../../../../contract/chat';
import { apiClient } from '../../../lib/api-client';
import { assistantKeys, CHAT_CACHE_MS } from './keys';

/** GET chat/{id}/archived?page=n: an archived page of older messages (1 is the oldest). */
export function getArchivedPage(chatId: string, page: number, signal?: AbortSignal): Promise<ArchivedPageResponse> {
  return apiClient.get<ArchivedPageResponse>(`${apiPath('/chat/:id/archived', { id: chatId })}?page=${page}`, { signal });
}

export function useArchivedPage(chatId: string, page: number | null) {
  return useQuery(
    queryOptions({
      queryKey: assistantKeys.archived(chatId, page ?? 0),
      queryFn: ({ signal }) => getArchivedPage(chatId, page!, signal),
      enabled: page !== null && page > 0,
      // An archived page never changes.
      staleTime: Infinity,
      gcTime: CHAT_CACHE_MS,
      networkMode: 'offlineFirst',
    }),
  );
}
