import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { CountedLabel } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import type { EventFilters } from '../discovery-url';
import { facetFilters, facetParams, facetQueryString } from './facet-query';
import { eventsKeys } from './keys';

/** GET categories: every category with the count of visible upcoming events matching the other filters. */
export async function getCategories(filters: EventFilters, signal?: AbortSignal): Promise<CountedLabel[]> {
  const answer = await apiClient.get<{ categories: CountedLabel[] }>(`${apiPath('/categories')}${facetQueryString(facetParams(filters))}`, { signal });
  return answer.categories;
}

export const categoriesQueryOptions = (filters: EventFilters) => {
  const facet = facetFilters(filters, 'categories');
  return queryOptions({
    queryKey: eventsKeys.categories(facet),
    queryFn: ({ signal }) => getCategories(facet, signal),
    staleTime: 5 * 60_000,
    // The chips keep their counts while the next ones load, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
};

export function useCategories(filters: EventFilters) {
  return useQuery(categoriesQueryOptions(filters));
}
