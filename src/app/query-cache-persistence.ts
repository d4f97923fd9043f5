import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '../../contract/user';
import { authKeys } from '../lib/signed-in-member';
import { afterFirstScreen } from '../lib/after-first-screen';
import { env } from '../lib/env';
import { startQueryPersistence } from '../offline/query-persistence';
import { readWorkerCopy } from '../offline/worker-api-copies';
import { apiPath } from '../../contract/api-routes';

/**
 * The app's query cache persistence (src/offline/query-persistence.ts): owned by the signed-in
 * member (GET users/me), busted by the app version, and restored at once when the service worker's
 * stored answer of users/me names the blob's member. A chunk of its own, loaded by main.tsx.
 */
export async function persistQueryCache(client: QueryClient): Promise<void> {
  const ownerOf = (me: unknown) => (me as Me | null | undefined)?.id ?? null;
  const stored = await readWorkerCopy(`/api/${apiPath('/users/me')}`);
  startQueryPersistence(client, { ownerKey: authKeys.me(), ownerOf, version: env.appVersion, confirmedOwner: ownerOf(stored) });
  // How fresh the kept answers are, and what brings in the network's once a hanging network gives it:
  // loaded from here, a chunk every start loads, so the first screen carries none of it.
  afterFirstScreen(() => import('../features/freshness/mount-freshness').then((m) => m.mountFreshness(client)));
  // The open app's live updates (new messages, their states, meeting changes) and the unread count
  // of the navigation: after the first screen too.
  afterFirstScreen(() => import('../features/messages/live/messages-live').then((m) => m.startMessagesLive(client)));
}
