import type { QueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import { apiClient } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { authKeys } from '../../../lib/signed-in-member';

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
  return apiClient.post<null>(apiPath('/oauth/logout'));
}
