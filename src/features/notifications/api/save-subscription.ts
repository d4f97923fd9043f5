import { useMutation } from '@tanstack/react-query';
import { PUSH_SUBSCRIPTION_PATH, type PushSubscriptionInput } from '../../../../contract/push';
import { apiClient } from '../../../lib/api-client';

/** PUT push/subscription: this browser's subscription, tied to this session (logging out removes it). */
export function saveSubscription(subscription: PushSubscriptionInput): Promise<void> {
  return apiClient.put<void>(PUSH_SUBSCRIPTION_PATH, subscription);
}

export function useSaveSubscription() {
  return useMutation({ mutationFn: saveSubscription });
}
