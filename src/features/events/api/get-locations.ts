import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Location } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import type { EventFilters } from '../discovery-url';
import { facetFilters, facetParams, facetQueryString } from './facet-query';
import { eventsKeys } from './keys';

interface LocationsAnswer {
  success: boolean;
  data: { locations: Location[]; total: number; page: number; limit: number };
}

/** Locations for the filter chips: the location search limit of docs/product.md section 9. */
export const FILTER_LOCATIONS_LIMIT = 50;

/**
 * GET locations?limit=50 with the other groups' filters: the locations with most matching events,
 * each with its eventCount (the location service wrapper reads data.locations).
 */
export async function getFilterLocations(filters: EventFilters, signal?: AbortSignal): Promise<Location[]> {
  const params = facetParams(filters);
  params.set('limit', String(FILTER_LOCATIONS_LIMIT));
  const answer = await apiClient.get<LocationsAnswer>(`${apiPath('/locations')}${facetQueryString(params)}`, { signal });
  return answer.data.locations;
}

export const filterLocationsQueryOptions = (filters: EventFilters) => {
  const facet = facetFilters(filters, 'locations');
  return queryOptions({
    queryKey: eventsKeys.locations(facet),
    queryFn: ({ signal }) => getFilterLocations(facet, signal),
    staleTime: 5 * 60_000,
    // The chips keep their counts while the next ones load, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
};

export function useFilterLocations(filters: EventFilters) {
  return useQuery(filterLocationsQueryOptions(filters));
}
