import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { EventItem } from '../../../../contract/events';
import type { UpdateGoal } from '../../../../contract/event-requests';
import { apiClient } from '../../../lib/api-client';
import { eventDetailKeys } from './keys';

/** PATCH events/{id}/attendee: the member's goal for an event they attend (at most 500 characters). */
export function updateGoal(eventId: string, input: UpdateGoal): Promise<{ goal: string | null }> {
  return apiClient.patch<{ goal: string | null }>(apiPath('/events/:id/attendee', { id: eventId }), input);
}

/** Writes the member's goal into the cached event, so every screen showing it has it at once. */
export function cacheGoal(queryClient: QueryClient, eventId: string, goal: string | null): void {
  queryClient.setQueryData<EventItem>(eventDetailKeys.event(eventId), (item) =>
    item?.eventData ? { ...item, eventData: { ...item.eventData, goal: goal || null } } : item,
  );
}

/**
 * Saves the goal straight away (where the outbox cannot run: no IndexedDB) and writes it into the
 * cached event, so the detail page shows it at once.
 */
export function useUpdateGoal(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateGoal) => updateGoal(eventId, input),
    onSuccess: (answer, input) => cacheGoal(queryClient, eventId, answer?.goal ?? input.goal ?? null),
  });
}
