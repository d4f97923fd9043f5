import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Conversation } from '../../../../contract/messages';
import { apiClient } from '../../../lib/api-client';
import { firstScreenInitialData, refetchOnMountUnlessPageAnswer } from '../../../lib/first-screen-data';
import { messagesKeys } from './keys';

/** GET conversations: the member's conversations, newest first. */
export function getConversations(signal?: AbortSignal): Promise<Conversation[]> {
  return apiClient.get<Conversation[]>(apiPath('/conversations'), { signal });
}

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: messagesKeys.conversations(),
    queryFn: ({ signal }) => getConversations(signal),
    networkMode: 'offlineFirst',
    // The stream keeps an open app's list current; a list opened without one is asked again.
    staleTime: 0,
    initialData: firstScreenInitialData<Conversation[]>(apiPath('/conversations')),
  });

export function useConversations() {
  return useQuery({ ...conversationsQueryOptions(), refetchOnMount: refetchOnMountUnlessPageAnswer });
}
