import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '../../contract/user';
import { authKeys } from '../lib/signed-in-member';
import { env } from '../lib/env';
import { startQueryPersistence } from '../offline/query-persistence';

/**
 * The app's query cache persistence (src/offline/query-persistence.ts): owned by the signed-in
 * member (GET users/me), busted by the app version. A chunk of its own, loaded by main.tsx.
 */
export function persistQueryCache(client: QueryClient): void {
  startQueryPersistence(client, {
    ownerKey: authKeys.me(),
    ownerOf: (me) => (me as Me | null | undefined)?.id ?? null,
    version: env.appVersion,
  });
}
