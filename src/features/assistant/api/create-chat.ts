import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ChatDetail, CreateChatBody } from '../../../../contract/chat';
import { apiClient } from '../../../lib/api-client';
import { assistantKeys } from './keys';

/** POST chat {journeyType, eventId, title}: a new chat with the assistant's first message. */
export function createChat(body: CreateChatBody): Promise<ChatDetail> {
  return apiClient.post<ChatDetail>(apiPath('/chat'), body);
}

export function useCreateChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createChat,
    onSuccess: (chat) => {
      client.setQueryData(assistantKeys.chat(chat.id), chat);
      void client.invalidateQueries({ queryKey: assistantKeys.chats() });
    },
  });
}
