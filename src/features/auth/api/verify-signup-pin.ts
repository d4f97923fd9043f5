import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { SignupPinVerify } from '../../../../contract/auth';
import type { Me } from '../../../../contract/user';
import { apiClient } from '../../../lib/api-client';
import { rememberSignedIn } from './signed-in';

/** POST signup/pin/verify: creates the account, starts a session and answers with the member. */
export function verifySignupPin(input: SignupPinVerify): Promise<Me> {
  return apiClient.post<Me>(apiPath('/signup/pin/verify'), input);
}

export function useVerifySignupPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySignupPin,
    onSuccess: (me) => rememberSignedIn(queryClient, me),
  });
}
