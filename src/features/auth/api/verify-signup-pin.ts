import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { SignupPinVerify } from '../../../../contract/auth';
import type { Me } from '../../../../contract/user';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from '../../../lib/signed-in-member';
import { storage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

/** POST signup/pin/verify: creates the account, starts a session and answers with the member. */
export function verifySignupPin(input: SignupPinVerify): Promise<Me> {
  return apiClient.post<Me>(apiPath('/signup/pin/verify'), input);
}

export function useVerifySignupPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySignupPin,
    onSuccess: (me) => {
      storage.set(STORAGE_KEYS.signedInBefore, '1');
      queryClient.setQueryData(authKeys.me(), me);
    },
  });
}
