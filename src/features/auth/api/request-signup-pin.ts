import { useMutation } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { PinRequestResponse, SignupPinRequest } from '../../../../contract/auth';
import { apiClient } from '../../../lib/api-client';

/** POST signup/pin/request: mails a sign-up code. 409 when the address already has an account. */
export function requestSignupPin(input: SignupPinRequest): Promise<PinRequestResponse> {
  return apiClient.post<PinRequestResponse>(apiPath('/signup/pin/request'), input);
}

export function useRequestSignupPin() {
  return useMutation({ mutationFn: requestSignupPin });
}
