import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Me, ProfileUpdate } from '../../../../contract/user';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from '../../../lib/signed-in-member';

/** PATCH users/me with only the changed fields; answers with the updated member. */
export function updateMe(changes: ProfileUpdate): Promise<Me> {
  return apiClient.patch<Me>(apiPath('/users/me'), changes);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => queryClient.setQueryData(authKeys.me(), me),
  });
}
