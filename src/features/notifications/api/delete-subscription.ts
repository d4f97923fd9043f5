import { useMutation } from '@tanstack/react-query';
import { PUSH_SUBSCRIPTION_PATH } from '../../../../contract/push';
import { apiClient } from '../../../lib/api-client';

/** DELETE push/subscription: this session's device gets no more notifications. */
export function deleteSubscription(): Promise<void> {
  return apiClient.delete<void>(PUSH_SUBSCRIPTION_PATH);
}

export function useDeleteSubscription() {
  return useMutation({ mutationFn: deleteSubscription });
}
