import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { LoginPinVerify } from '../../../../contract/auth';
import type { Me } from '../../../../contract/user';
import { apiClient } from '../../../lib/api-client';
import { rememberSignedIn } from './signed-in';

/** POST login/pin/verify: starts a session and answers with the member. */
export function verifyLoginPin(input: LoginPinVerify): Promise<Me> {
  return apiClient.post<Me>(apiPath('/login/pin/verify'), input);
}

export function useVerifyLoginPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyLoginPin,
    onSuccess: (me) => rememberSignedIn(queryClient, me),
  });
}
