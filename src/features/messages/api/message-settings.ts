import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { MessageSettings } from '../../../../contract/messages';
import { apiClient } from '../../../lib/api-client';
import { messagesKeys } from './keys';

/** GET users/me/message-settings. */
export function useMessageSettings() {
  return useQuery({
    queryKey: messagesKeys.settings(),
    queryFn: ({ signal }) => apiClient.get<MessageSettings>(apiPath('/users/me/message-settings'), { signal }),
  });
}

/** PUT users/me/message-settings: a setting needs the server now (it changes what the other member sees). */
export function useSaveMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: MessageSettings) => apiClient.put<MessageSettings>(apiPath('/users/me/message-settings'), settings),
    onSuccess: (settings) => {
      queryClient.setQueryData(messagesKeys.settings(), settings);
      // What the member sees of their own messages' states changes with it.
      void queryClient.invalidateQueries({ queryKey: [...messagesKeys.all, 'conversation'] });
    },
  });
}
