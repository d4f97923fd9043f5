import type { WorkboxPlugin } from 'workbox-core/types';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { apiPathPattern, type ApiRoutePath } from '../contract/api-routes';
import { API_REFRESHED_MESSAGE, STORED_ANSWER_HEADER } from '../contract/sw-messages';
import { cacheNames } from './cache-names';

declare let self: ServiceWorkerGlobalScope;

/** Venue Wi-Fi often hangs instead of failing: after this long the cached answer is shown. */
export const API_NETWORK_TIMEOUT_SECONDS = 3;

/**
 * The GET answers a member needs to use the app at a venue without network (routes of
 * contract/api-routes.ts). Everything else under /api (sign-in, writes, join secrets, consents ...)
 * is neither cached nor answered by the worker.
 */
const CACHED_API_ROUTES: ApiRoutePath[] = [
  '/events',
  '/events/my-events',
  '/events/public/:id',
  '/events/users/:userId',
  '/events/:id',
  '/events/:id/attendees',
  '/events/:id/attendees/my-connections',
  '/users/me',
  // Profiles visited before (an attendee met, a shared link) and the own profile's counts.
  '/users/:id/public',
  '/users/:id/public/:secret',
  '/users/:id/connections/count',
  '/users/:id/events/count',
  // A connection's profile with their contact details: what a member needs to reach them at a venue.
  '/users/:id/connection',
  '/users/interactions/:eventId',
  '/users/connections',
  // The feed's pages (each cursor is its own URL): the first is what opens offline.
  '/feed',
  '/categories',
  '/event-types',
  '/locations',
  '/organizers/:id',
  '/organizers/:id/events',
  // The assistant's chats: past chats read offline.
  '/chat',
  '/chat/:id',
  '/chat/:id/archived',
  '/chat/:id/archived-pages',
];
const CACHED_API_PATHS = CACHED_API_ROUTES.map(apiPathPattern);

/** Whether the worker caches this request's answer (and may answer it from the cache). */
export function isCachedApiRequest(request: { method: string; url: string }, workerOrigin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === workerOrigin && CACHED_API_PATHS.some((path) => path.test(url.pathname));
}

/**
 * Bumped whenever the cache is emptied. An answer whose request started before that belongs to the
 * previous session, so it must not land in the fresh cache (it may arrive after the clear).
 */
let generation = 0;

/** Empties the API cache; answers still on their way from before this call are not stored. */
export async function clearApiCache(): Promise<void> {
  generation += 1;
  await caches.delete(cacheNames.api);
}

type PluginState = { generation?: number; servedStored?: Promise<string> };

const sameSession = (state: PluginState | undefined) => state?.generation === generation;

const onlyThisSessionsAnswers: WorkboxPlugin = {
  handlerWillStart: async ({ state }) => {
    if (state) state.generation = generation;
  },
  // Only complete answers: an error or a redirect shown offline would be worse than no answer.
  cacheWillUpdate: async ({ response, state }) => (response.status === 200 && sameSession(state) ? response : null),
  // The cache may have been cleared between the check above and the write: take the write back.
  cacheDidUpdate: async ({ cacheName, request, state }) => {
    if (!sameSession(state)) await (await caches.open(cacheName)).delete(request);
  },
  // A 401 means nobody is signed in here any more (session expired, logged out elsewhere): the
  // previous member's answers must not be shown when the network next fails.
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401) await clearApiCache();
    return response;
  },
};

/** The stored answer as the page gets it: marked as stored, its own headers (Date: when the server wrote it) kept. */
export function markedStored(stored: Response): Response {
  const headers = new Headers(stored.headers);
  headers.set(STORED_ANSWER_HEADER, '1');
  return new Response(stored.body, { status: stored.status, statusText: stored.statusText, headers });
}

/**
 * A network that hangs: a read the page got a stored copy for is still on its way to the network,
 * and its answer is stored when it comes. When that answer differs from the copy the page got, the
 * page is told (API_REFRESHED_MESSAGE), so that it reads it again and shows the fresh answer
 * (docs/architecture.md, 'A network that hangs'). The same answer says nothing: reading it again
 * would only start another hung request, and another answer, for nothing.
 */
const tellWhenRefreshed: WorkboxPlugin = {
  // A plugin's state is its own: the session's generation is noted here too.
  handlerWillStart: async ({ state }) => {
    if (state) state.generation = generation;
  },
  cachedResponseWillBeUsed: async ({ cachedResponse, state }) => {
    if (!cachedResponse) return cachedResponse;
    if (state) state.servedStored = cachedResponse.clone().text();
    return markedStored(cachedResponse);
  },
  cacheDidUpdate: async ({ request, event, state, newResponse }) => {
    if (!state?.servedStored || !sameSession(state)) return;
    const [served, fresh] = await Promise.all([state.servedStored, newResponse.clone().text()]);
    if (served === fresh) return;
    const clientId = (event as FetchEvent | undefined)?.clientId;
    const client = clientId ? await self.clients.get(clientId) : undefined;
    const targets = client ? [client] : await self.clients.matchAll({ type: 'window' });
    const path = new URL(request.url).pathname + new URL(request.url).search;
    for (const target of targets) target.postMessage({ type: API_REFRESHED_MESSAGE, path });
  },
};

/** NetworkFirst for the listed API reads: fresh when the network answers in time, else the cache. */
export function cacheApiAnswers(): void {
  registerRoute(
    ({ request }) => isCachedApiRequest(request, self.location.origin),
    new NetworkFirst({
      cacheName: cacheNames.api,
      networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
      plugins: [onlyThisSessionsAnswers, tellWhenRefreshed],
    }),
  );
}
