import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { BlockedMember } from '../../../../contract/safety';
import { apiClient } from '../../../lib/api-client';
import { forgetWorkerCopiesMentioning } from '../../../offline/worker-api-copies';
import { attendeesKeys } from '../../attendees/api/keys';
import { connectionsKeys } from '../../connections/api/keys';
import { eventDetailKeys } from '../../event-detail/api/keys';
import { feedKeys } from '../../feed/api/keys';
import { meetingsKeys } from '../../meetings/api/keys';
import { messagesKeys } from '../../messages/api/keys';
import { profileKeys } from '../../profile/api/keys';
import { safetyKeys } from './keys';

/**
 * Every list another member can be in: read again once a block or an unblock changed them, also the
 * ones no screen shows now (`refetchType: 'all'`), so that the copies the device keeps for offline
 * use (the persisted cache, the service worker's) no longer hold the blocked member.
 */
const MEMBER_LISTS = [attendeesKeys.all, connectionsKeys.all, eventDetailKeys.all, feedKeys.all, meetingsKeys.all, messagesKeys.all, profileKeys.all];

function readListsAgain(queryClient: QueryClient): void {
  for (const queryKey of MEMBER_LISTS) void queryClient.invalidateQueries({ queryKey, refetchType: 'all' });
}

/**
 * PUT users/{id}/block. It needs the server now (docs/product.md, 'Safety'): the member learns at
 * once whether it took. The member is gone from every cached list at once, before they are read again.
 */
export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Omit<BlockedMember, 'blockedAt'>) => apiClient.put(apiPath('/users/:id/block', { id: member.id })),
    onSuccess: (_answer, member) => {
      queryClient.setQueryData<BlockedMember[]>(safetyKeys.blocked(), (list) => [
        { ...member, blockedAt: new Date().toISOString() },
        ...(list ?? []).filter((m) => m.id !== member.id),
      ]);
      // The worker's stored answers that name them go first (also those of lists this session
      // never read), then the lists are read again and stored anew.
      void forgetWorkerCopiesMentioning(member.id).then(() => readListsAgain(queryClient));
    },
  });
}

/** DELETE users/{id}/block: they may show again; the connection does not come back. */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiClient.delete(apiPath('/users/:id/block', { id: userId })),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData<BlockedMember[]>(safetyKeys.blocked(), (list) => list?.filter((m) => m.id !== userId));
      readListsAgain(queryClient);
    },
  });
}
