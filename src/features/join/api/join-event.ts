import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { EventListItem } from '../../../../contract/events';
import type { JoinEvent } from '../../../../contract/event-requests';
import { ApiError, apiClient } from '../../../lib/api-client';
import type { ToastInput } from '../../../ui/toast-store';
import { eventDetailKeys } from '../../event-detail/api/keys';
import { eventsKeys } from '../../events/api/keys';
import { joinKeys } from './keys';

/**
 * POST events/{id}/join {secret, goal}: registers the member. 201 with the event as they now see
 * it; 400 when already registered; 403/404 when the event cannot be joined (no or a wrong secret).
 */
export function joinEvent(eventId: string, input: JoinEvent): Promise<EventListItem> {
  return apiClient.post<EventListItem>(apiPath('/events/:id/join', { id: eventId }), input);
}

/** The notices of docs/product.md section 8 for a join. */
export const JOINED_TOAST: ToastInput = { title: 'Success', description: "You've successfully joined the event." };
export const ALREADY_REGISTERED_TOAST: ToastInput = { title: 'Already registered', description: "You're already signed up for this event!" };
export const JOIN_FAILED_TOAST: ToastInput = {
  title: 'Error',
  description: 'Failed to join the event. Please try again.',
  variant: 'destructive',
};

/** 400 means the member is registered already: not a failure for them. */
export function isAlreadyRegistered(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

export function joinErrorToast(error: unknown): ToastInput {
  return isAlreadyRegistered(error) ? ALREADY_REGISTERED_TOAST : JOIN_FAILED_TOAST;
}

/**
 * Joins an event. Afterwards the event detail shows the registration (from the answer, or
 * refetched when the member was registered already) and every events list is refetched.
 */
export function useJoinEvent(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JoinEvent) => joinEvent(eventId, input),
    onSuccess: (item) => {
      if (item && typeof item === 'object' && 'id' in item) queryClient.setQueryData(eventDetailKeys.event(eventId), item);
      else void queryClient.invalidateQueries({ queryKey: eventDetailKeys.event(eventId) });
    },
    onError: (error) => {
      if (isAlreadyRegistered(error)) void queryClient.invalidateQueries({ queryKey: eventDetailKeys.event(eventId) });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: eventsKeys.all });
      void queryClient.invalidateQueries({ queryKey: eventDetailKeys.myConnections(eventId) });
      void queryClient.invalidateQueries({ queryKey: joinKeys.all });
    },
  });
}
