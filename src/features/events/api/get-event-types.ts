import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountedLabel } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** GET event-types: every event type with the count of visible upcoming events. */
export async function getEventTypes(signal?: AbortSignal): Promise<CountedLabel[]> {
  const answer = await apiClient.get<{ eventTypes: CountedLabel[] }>('event-types', { signal });
  return answer.eventTypes;
}

export const eventTypesQueryOptions = () =>
  queryOptions({
    queryKey: eventsKeys.eventTypes(),
    queryFn: ({ signal }) => getEventTypes(signal),
    staleTime: 5 * 60_000,
  });

export function useEventTypes() {
  return useQuery(eventTypesQueryOptions());
}
