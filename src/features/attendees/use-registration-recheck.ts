import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api-client';
import { eventDetailKeys } from '../event-detail/api/keys';

/**
 * The deck or the interactions refused with 403: the member is no longer registered (they left on
 * another device) although the cached event still says so. The event is asked again; its answer
 * turns the Meet page into the join step, instead of a refusal with no way forward.
 */
export function useRegistrationRecheck(eventId: string, errors: readonly unknown[]): void {
  const client = useQueryClient();
  const refused = errors.some((error) => error instanceof ApiError && error.status === 403);
  useEffect(() => {
    if (refused) void client.invalidateQueries({ queryKey: eventDetailKeys.event(eventId) });
  }, [refused, client, eventId]);
}
