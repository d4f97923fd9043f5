import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '../../../../contract/user';
import { authKeys } from '../../../lib/signed-in-member';
import { storage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

/**
 * After a verified code, from log-in or sign-up: the member is the signed-in one, and this device
 * greets them with 'Welcome back' from now on.
 */
export function rememberSignedIn(queryClient: QueryClient, me: Me): void {
  storage.set(STORAGE_KEYS.signedInBefore, '1');
  queryClient.setQueryData(authKeys.me(), me);
}
