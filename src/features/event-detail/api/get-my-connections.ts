import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendeeConnection } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import { eventDetailKeys } from './keys';

/** GET events/{id}/attendees/my-connections: the member's connections who attend ({id, firstName}). */
export function getMyConnections(eventId: string, signal?: AbortSignal): Promise<AttendeeConnection[]> {
  return apiClient.get<AttendeeConnection[]>(`events/${encodeURIComponent(eventId)}/attendees/my-connections`, { signal });
}

export const myConnectionsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventDetailKeys.myConnections(eventId),
    queryFn: ({ signal }) => getMyConnections(eventId, signal),
    // SPEC.md section 9: connection events stay fresh for 5 minutes.
    staleTime: 5 * 60_000,
  });

export function useMyConnections(eventId: string, enabled = true) {
  return useQuery({ ...myConnectionsQueryOptions(eventId), enabled });
}
