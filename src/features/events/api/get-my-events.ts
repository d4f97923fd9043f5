import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { EventListResponse } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** GET events/my-events?includeAttendeeConnections=true: every event the member is registered for, upcoming first. */
export function getMyEvents(signal?: AbortSignal): Promise<EventListResponse> {
  return apiClient.get<EventListResponse>(`${apiPath('/events/my-events')}?includeAttendeeConnections=true`, { signal });
}

export const myEventsQueryOptions = () =>
  queryOptions({
    queryKey: eventsKeys.myEvents(),
    queryFn: ({ signal }) => getMyEvents(signal),
    // docs/product.md section 9: my events are never fresh (0 minutes), so joining or leaving shows at once.
    staleTime: 0,
  });

export function useMyEvents() {
  return useQuery(myEventsQueryOptions());
}
