import type { QueryClient } from '@tanstack/react-query';
import type { Interaction, InteractionResult } from '../../../../contract/attendees';
import { attendeesKeys } from './keys';

/*
 * The outbox's deliveries written into the cached lists before the record leaves the outbox: the
 * screens overlay queued records on these lists, so the hand-over from record to server data has
 * no gap in which a swiped card could come back or an undone row reappear.
 */

/** POST users/interactions/positive|negative answered: the interaction joins the event's list (newest first). */
export function cacheSentInteraction(queryClient: QueryClient, result: InteractionResult): void {
  const sent = result.interaction;
  queryClient.setQueryData<Interaction[]>(attendeesKeys.interactions(sent.eventId), (list) =>
    list ? [sent, ...list.filter((i) => i.id !== sent.id && i.toUser.id !== sent.toUser.id)] : list,
  );
}

/** DELETE users/interactions/{id} answered: the interaction leaves whichever event's list has it. */
export function cacheDeletedInteraction(queryClient: QueryClient, interactionId: string): void {
  queryClient.setQueriesData<Interaction[]>({ queryKey: [...attendeesKeys.all, 'interactions'] }, (list) =>
    list?.some((i) => i.id === interactionId) ? list.filter((i) => i.id !== interactionId) : list,
  );
}
