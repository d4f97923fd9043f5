import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { MeetingAvailability, TimeSpan } from '../../../../contract/meetings';
import { apiClient } from '../../../lib/api-client';
import { meetingsKeys } from './keys';

/**
 * PUT events/{id}/meetings/sessions: the times the member is 'In a session' at the event, all of
 * them at once (the latest list wins). Needs the network: a busy time marked offline would let
 * requests in that the member meant to keep out, so it is not queued.
 */
export function saveSessions(eventId: string, sessions: TimeSpan[]): Promise<MeetingAvailability> {
  return apiClient.put<MeetingAvailability>(apiPath('/events/:id/meetings/sessions', { id: eventId }), { sessions });
}

export function useSaveSessions(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessions: TimeSpan[]) => saveSessions(eventId, sessions),
    onSuccess: (availability) => {
      queryClient.setQueryData(meetingsKeys.availability(eventId, ''), availability);
      void queryClient.invalidateQueries({ queryKey: [...meetingsKeys.all, 'availability', eventId] });
    },
  });
}
