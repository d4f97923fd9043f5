import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Plan } from '../../../../contract/subscription';
import { apiClient } from '../../../lib/api-client';
import { subscriptionKeys } from './keys';

/** GET stripe/plans: Free, then PRO, with their prices and features. */
export function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return apiClient.get<Plan[]>(apiPath('/stripe/plans'), { signal });
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.plans(),
    queryFn: ({ signal }) => getPlans(signal),
    // docs/product.md section 9: plans stay fresh for 10 minutes.
    staleTime: 10 * 60_000,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
