import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { SubscriptionResponse } from '../../../../contract/subscription';
import { apiClient } from '../../../lib/api-client';
import { subscriptionKeys } from './keys';

/** GET stripe/subscription: the member's status, endsAt, plan and the period's end. */
export function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return apiClient.get<SubscriptionResponse>(apiPath('/stripe/subscription'), { signal });
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.detail(),
    queryFn: ({ signal }) => getSubscription(signal),
    // docs/product.md section 9: subscription and access stay fresh for 5 minutes.
    staleTime: 5 * 60_000,
  });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
