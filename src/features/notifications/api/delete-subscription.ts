import { useMutation } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import { apiClient } from '../../../lib/api-client';

/** DELETE push/subscription: this session's device gets no more notifications. */
export function deleteSubscription(): Promise<void> {
  return apiClient.delete<void>(apiPath('/push/subscription'));
}

export function useDeleteSubscription() {
  return useMutation({ mutationFn: deleteSubscription });
}
