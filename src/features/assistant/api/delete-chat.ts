import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ChatListResponse } from '../../../../contract/chat';
import { apiClient } from '../../../lib/api-client';
import { assistantKeys } from './keys';

/** DELETE chat/{id}. */
export function deleteChat(chatId: string): Promise<null> {
  return apiClient.delete<null>(apiPath('/chat/:id', { id: chatId }));
}

export function useDeleteChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: (_, chatId) => {
      client.setQueryData<ChatListResponse>(assistantKeys.chats(), (list) => (list ? { chats: list.chats.filter((c) => c.id !== chatId) } : list));
      client.removeQueries({ queryKey: assistantKeys.chat(chatId) });
    },
  });
}
