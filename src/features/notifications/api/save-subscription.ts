import { useMutation } from '@tanstack/react-query';
import type { PushSubscriptionInput } from '../../../../contract/push';
import { apiPath } from '../../../../contract/api-routes';
import { apiClient } from '../../../lib/api-client';

/** PUT push/subscription: this browser's subscription, tied to this session (logging out removes it). */
export function saveSubscription(subscription: PushSubscriptionInput): Promise<void> {
  return apiClient.put<void>(apiPath('/push/subscription'), subscription);
}

export function useSaveSubscription() {
  return useMutation({ mutationFn: saveSubscription });
}
