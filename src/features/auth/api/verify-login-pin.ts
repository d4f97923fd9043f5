import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { LoginPinVerify } from '../../../../contract/auth';
import type { Me } from '../../../../contract/user';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from '../../../lib/signed-in-member';
import { storage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

/** POST login/pin/verify: starts a session and answers with the member. */
export function verifyLoginPin(input: LoginPinVerify): Promise<Me> {
  return apiClient.post<Me>(apiPath('/login/pin/verify'), input);
}

export function useVerifyLoginPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyLoginPin,
    onSuccess: (me) => {
      storage.set(STORAGE_KEYS.signedInBefore, '1');
      queryClient.setQueryData(authKeys.me(), me);
    },
  });
}
