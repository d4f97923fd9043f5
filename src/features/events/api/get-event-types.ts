import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { CountedLabel } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import type { EventFilters } from '../discovery-url';
import { facetFilters, facetParams, facetQueryString } from './facet-query';
import { eventsKeys } from './keys';

/** GET event-types: every event type with the count of visible upcoming events matching the other filters. */
export async function getEventTypes(filters: EventFilters, signal?: AbortSignal): Promise<CountedLabel[]> {
  const answer = await apiClient.get<{ eventTypes: CountedLabel[] }>(`${apiPath('/event-types')}${facetQueryString(facetParams(filters))}`, { signal });
  return answer.eventTypes;
}

export const eventTypesQueryOptions = (filters: EventFilters) => {
  const facet = facetFilters(filters, 'eventTypes');
  return queryOptions({
    queryKey: eventsKeys.eventTypes(facet),
    queryFn: ({ signal }) => getEventTypes(facet, signal),
    staleTime: 5 * 60_000,
    // The chips keep their counts while the next ones load, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
};

export function useEventTypes(filters: EventFilters) {
  return useQuery(eventTypesQueryOptions(filters));
}
