import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { MingleCompilation } from '../../../../contract/mingle-compilation';
import { apiClient } from '../../../lib/api-client';

/** Query keys of the mingle compilation feature. */
export const mingleCompilationKeys = {
  all: ['mingle-compilation'] as const,
  event: (eventId: string) => [...mingleCompilationKeys.all, eventId] as const,
};

/**
 * GET events/{id}/mingle-compilation: the fixed event's figures, for its attendees. 401 without a
 * session, 403 for a member who is not registered there, 404 for an event without a compilation.
 */
export function getMingleCompilation(eventId: string, signal?: AbortSignal): Promise<MingleCompilation> {
  return apiClient.get<MingleCompilation>(apiPath('/events/:id/mingle-compilation', { id: eventId }), { signal });
}

export const mingleCompilationQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: mingleCompilationKeys.event(eventId),
    queryFn: ({ signal }) => getMingleCompilation(eventId, signal),
    // The figures move with every swipe: a minute old is fresh enough for a page of totals.
    staleTime: 60_000,
  });

export function useMingleCompilation(eventId: string) {
  return useQuery(mingleCompilationQueryOptions(eventId));
}
