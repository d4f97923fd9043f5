import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { SubscriptionResponse } from '../../../../contract/subscription';
import { apiClient, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast-store';
import { subscriptionKeys } from './keys';

/** POST stripe/reactivate: a PRO set to end runs on; the answer is the subscription as it now is. */
export function reactivateSubscription(): Promise<SubscriptionResponse> {
  return apiClient.post<SubscriptionResponse>(apiPath('/stripe/reactivate'));
}

/**
 * 'Reactivate now' in one step, without the portal: the card shows the answer at once, and the
 * change itself says 'Subscription Reactivated!' (use-subscription-notices.ts).
 */
export function useReactivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: (answer) => queryClient.setQueryData(subscriptionKeys.detail(), answer),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
  });
}
