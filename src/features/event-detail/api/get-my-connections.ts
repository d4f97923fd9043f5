import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { AttendeeConnection } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import { firstScreenInitialData } from '../../../lib/first-screen-data';
import { eventDetailKeys } from './keys';

/** GET events/{id}/attendees/my-connections: the member's connections who attend ({id, firstName}). */
export function getMyConnections(eventId: string, signal?: AbortSignal): Promise<AttendeeConnection[]> {
  return apiClient.get<AttendeeConnection[]>(myConnectionsPath(eventId), { signal });
}

const myConnectionsPath = (eventId: string) => apiPath('/events/:id/attendees/my-connections', { id: eventId });

export const myConnectionsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventDetailKeys.myConnections(eventId),
    queryFn: ({ signal }) => getMyConnections(eventId, signal),
    // docs/product.md section 9: connection events stay fresh for 5 minutes.
    staleTime: 5 * 60_000,
    // The event page's cold load carries the answer (contract/first-screen.ts).
    initialData: firstScreenInitialData<AttendeeConnection[]>(myConnectionsPath(eventId)),
  });

export function useMyConnections(eventId: string, enabled = true) {
  return useQuery({ ...myConnectionsQueryOptions(eventId), enabled });
}
