import { useMutation } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { LoginPinRequest, PinRequestResponse } from '../../../../contract/auth';
import { apiClient } from '../../../lib/api-client';

/** POST login/pin/request: mails a sign-in code. 404 'User not found' when no account has the address. */
export function requestLoginPin(input: LoginPinRequest): Promise<PinRequestResponse> {
  return apiClient.post<PinRequestResponse>(apiPath('/login/pin/request'), input);
}

export function useRequestLoginPin() {
  return useMutation({ mutationFn: requestLoginPin });
}
