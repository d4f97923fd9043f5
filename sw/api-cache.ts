import type { WorkboxPlugin } from 'workbox-core/types';
import { registerRoute } from 'workbox-routing';
import { apiPathPattern, type ApiRoutePath } from '../contract/api-routes';
import { LATE_ANSWER_MESSAGE, type LateAnswer, type LateAnswerOutcome } from '../contract/late-answers';
import { cacheNames } from './cache-names';
import { NetworkFirstUnlessHanging } from './network-first-unless-hanging';

declare let self: ServiceWorkerGlobalScope;

/**
 * Venue Wi-Fi often hangs instead of failing: a read waits this long for a slow answer while the
 * network answers other requests, and much less once it answers none (network-health.ts).
 */
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
  // Meetings at a venue: the lists, each meeting, and when people are free (the time picker).
  '/meetings',
  '/meetings/:id',
  '/events/:id/meetings',
  '/events/:id/meetings/availability',
  // Messages: the conversations and each conversation's pages (its newest is what opens offline).
  '/conversations',
  '/conversations/:userId/messages',
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

type PluginState = { generation?: number };

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

/**
 * A network that hangs: a read the page got a stored copy for was still on its way to the network.
 * The page is told how it turned out (LATE_ANSWER_MESSAGE): when the answer differs from the copy
 * given, it reads it again to show the fresh one; either way its freshness line knows it is no
 * longer waiting (docs/architecture.md, 'A network that hangs').
 */
async function tellPage(event: ExtendableEvent, url: string, outcome: LateAnswerOutcome): Promise<void> {
  const clientId = (event as FetchEvent).clientId;
  const client = clientId ? await self.clients.get(clientId) : undefined;
  const targets = client ? [client] : await self.clients.matchAll({ type: 'window' });
  const message: LateAnswer = { type: LATE_ANSWER_MESSAGE, url, outcome };
  for (const target of targets) target.postMessage(message);
}

/** Network first for the listed API reads: fresh when the network answers in time, else the cache. */
export function cacheApiAnswers(): void {
  registerRoute(
    ({ request }) => isCachedApiRequest(request, self.location.origin),
    new NetworkFirstUnlessHanging({
      cacheName: cacheNames.api,
      networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
      plugins: [onlyThisSessionsAnswers],
      onLateAnswer: tellPage,
    }),
  );
}
