import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ChatDetail, SelectEventBody } from '../../../../contract/chat';
import { apiClient } from '../../../lib/api-client';
import { assistantKeys } from './keys';

/** POST chat/{id}/select-event {selectedEventId, selectedEventName}: the journey's event. */
export function selectEvent(chatId: string, body: SelectEventBody): Promise<ChatDetail> {
  return apiClient.post<ChatDetail>(apiPath('/chat/:id/select-event', { id: chatId }), body);
}

export function useSelectEvent(chatId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SelectEventBody) => selectEvent(chatId, body),
    onSuccess: (chat) => {
      client.setQueryData(assistantKeys.chat(chat.id), chat);
      void client.invalidateQueries({ queryKey: assistantKeys.chats() });
    },
  });
}
