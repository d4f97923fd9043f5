import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { CreatedEvent } from '../../../../contract/events';
import type { CreateUserEvent } from '../../../../contract/user-event-request';
import { apiClient } from '../../../lib/api-client';
import { eventsKeys } from '../../events/api/keys';

/**
 * POST events/user-added: a community event, visible to the creator and their connections only.
 * The creator is registered; the answer carries the join secret for the goal page.
 */
export function createEvent(input: CreateUserEvent): Promise<CreatedEvent> {
  return apiClient.post<CreatedEvent>(apiPath('/events/user-added'), input);
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    // The member's own events (and any list that may show the new one) are out of date now.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}
