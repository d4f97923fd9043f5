import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Location } from '../../../../contract/events';
import type { LocationPickResponse } from '../../../../contract/locations';
import { apiClient } from '../../../lib/api-client';
import { locationsKeys } from './keys';

/** GET locations/popular: the most used locations (the server's default of 10), data.locations. */
export async function getPopularLocations(signal?: AbortSignal): Promise<Location[]> {
  const answer = await apiClient.get<LocationPickResponse>(apiPath('/locations/popular'), { signal });
  return answer.data.locations;
}

export const popularLocationsQueryOptions = () =>
  queryOptions({
    queryKey: locationsKeys.popular(),
    queryFn: ({ signal }) => getPopularLocations(signal),
    // docs/product.md section 9: popular locations stay fresh for 15 minutes.
    staleTime: 15 * 60_000,
    networkMode: 'offlineFirst',
  });

export function usePopularLocations(enabled = true) {
  return useQuery({ ...popularLocationsQueryOptions(), enabled });
}
