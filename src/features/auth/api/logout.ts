import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiClient, errorMessage } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';
import { outboxQueuedKey, STORAGE_KEYS } from '../../../lib/storage-keys';
import type { Outbox } from '../../../offline/outbox';
import { toast } from '../../../ui/toast-store';
import { authKeys } from './keys';

/**
 * Empties the service worker's API cache (offline/background-sync.ts), loaded when a member leaves:
 * its module goes with the sync engine, which a profile's first screen must not load.
 */
export const clearMemberApiCaches = () => import('../../../offline/background-sync').then((module) => module.clearApiCaches());

/**
 * Drops what the app holds of the member who just left (logged out, or erased their account):
 * signed out first, then every other cached answer dropped (clearing the whole cache at once would
 * leave the app without a known state and flash a loading screen), and the persisted copy.
 */
export function forgetMember(queryClient: QueryClient): void {
  queryClient.setQueryData(authKeys.me(), null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  queryClient.getMutationCache().clear();
  // The persisted copy (offline/query-persistence.ts), removed without loading that code.
  storage.remove(STORAGE_KEYS.queryCache);
}

/** POST oauth/logout: ends the session on the server. */
export function logout(): Promise<null> {
  return apiClient.post<null>('oauth/logout');
}

export interface LogoutInput {
  /** The member's outbox, when they chose to discard what it holds (see LogoutButton). */
  discard?: Outbox | null;
}

/**
 * Logs out (SPEC.md section 4): the server ends the session; then the member's outbox records are
 * deleted when they agreed to discard them, the service worker's cached API answers are emptied,
 * the cached data of this member is dropped (in memory and the persisted copy) and the app goes to
 * /auth/login (which leads to /auth). If the server cannot be reached the member stays signed in,
 * with their records, and is told so, since the session would otherwise stay valid.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async ({ discard }: LogoutInput = {}) => {
      await logout();
      if (discard) {
        // The session is over either way: records that could not be deleted stay with this member
        // (they are only ever sent for them) rather than turning the logout into an error.
        await discard.discardAll().catch(() => 0);
        storage.remove(outboxQueuedKey(discard.userId));
      }
      // Before the next screen asks for anything, so no answer of this member can come from there.
      await clearMemberApiCaches();
    },
    onSuccess: () => {
      forgetMember(queryClient);
      toast({ title: 'Logged out successfully', description: 'See you soon!' });
      navigate('/auth/login', { replace: true });
    },
    onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
  });
}
