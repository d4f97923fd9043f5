import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import { apiClient } from '../../../lib/api-client';
import type { ToastInput } from '../../../ui/toast-store';
import { eventsKeys } from '../../events/api/keys';
import { profileKeys } from './keys';

/**
 * DELETE users/me/events/{id}: 'Delete' of an event in 'Your Events'. The member leaves it; a
 * community event they created is deleted with it (the server's rule).
 */
export function leaveEvent(eventId: string): Promise<null> {
  return apiClient.delete<null>(apiPath('/users/me/events/:id', { id: eventId }));
}

/** docs/product.md section 8. */
export const DELETE_EVENT_FAILED_TOAST: ToastInput = {
  title: 'Error',
  description: 'Failed to delete the event. Please try again.',
  variant: 'destructive',
};

export function useLeaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveEvent,
    // Every list of events changes with it (my events, discovery's attending marks), and the 'Events' count.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: eventsKeys.all }), queryClient.invalidateQueries({ queryKey: profileKeys.all })]),
  });
}
