import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Organizer } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import { organizerKeys } from './keys';

/** GET organizers/{id}: name, image, description and website; 404 when there is no such organizer. */
export function getOrganizer(organizerId: string, signal?: AbortSignal): Promise<Organizer> {
  return apiClient.get<Organizer>(apiPath('/organizers/:id', { id: organizerId }), { signal });
}

export const organizerQueryOptions = (organizerId: string) =>
  queryOptions({
    queryKey: organizerKeys.organizer(organizerId),
    queryFn: ({ signal }) => getOrganizer(organizerId, signal),
  });

export function useOrganizer(organizerId: string) {
  return useQuery(organizerQueryOptions(organizerId));
}
