import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import { eventsKeys } from './keys';

interface LocationsAnswer {
  success: boolean;
  data: { locations: Location[]; total: number; page: number; limit: number };
}

/** Locations for the filter chips: the location search limit of SPEC.md section 9. */
export const FILTER_LOCATIONS_LIMIT = 50;

/** GET locations?limit=50: locations with their eventCount (the location service wrapper reads data.locations). */
export async function getFilterLocations(signal?: AbortSignal): Promise<Location[]> {
  const answer = await apiClient.get<LocationsAnswer>(`locations?limit=${FILTER_LOCATIONS_LIMIT}`, { signal });
  return answer.data.locations;
}

export const filterLocationsQueryOptions = () =>
  queryOptions({
    queryKey: eventsKeys.locations(),
    queryFn: ({ signal }) => getFilterLocations(signal),
    staleTime: 5 * 60_000,
  });

export function useFilterLocations() {
  return useQuery(filterLocationsQueryOptions());
}
