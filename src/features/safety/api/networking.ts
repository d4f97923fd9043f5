import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { NetworkingStatus } from '../../../../contract/safety';
import type { Me } from '../../../../contract/user';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from '../../../lib/signed-in-member';

/** PUT users/me/networking: 'Not networking right now' on or off, kept on the member. */
export function useSetNetworking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: NetworkingStatus) => apiClient.put<NetworkingStatus>(apiPath('/users/me/networking'), status),
    onSuccess: ({ paused }) => queryClient.setQueryData<Me>(authKeys.me(), (me) => me && { ...me, networkingPaused: paused }),
  });
}
