import { registerRoute } from 'workbox-routing';
import { API_CACHES_CLEARED_MESSAGE, CLEAR_API_CACHES_MESSAGE, messageType } from '../contract/sw-messages';
import { clearApiCache } from './api-cache';

declare let self: ServiceWorkerGlobalScope;

/** The calls after which the API cache holds someone else's answers (server/routes/auth.ts). */
const SESSION_CHANGING_PATHS = new Set(['/api/oauth/logout', '/api/login/pin/verify', '/api/signup/pin/verify']);

/** Whether a successful answer to this request ends or starts a member's session. */
export function changesSession(request: { method: string; url: string }, workerOrigin: string): boolean {
  if (request.method !== 'POST') return false;
  const url = new URL(request.url);
  return url.origin === workerOrigin && SESSION_CHANGING_PATHS.has(url.pathname);
}

/**
 * The API cache holds one member's answers. The worker sees logouts and sign-ins pass through it
 * and empties the cache when one succeeds, before the page gets the answer: so whatever the page
 * asks next is cached for the new session only. Nothing is served from a cache here: these calls
 * always go to the network. Pages may also ask for it with CLEAR_API_CACHES_MESSAGE.
 */
export function watchSession(): void {
  registerRoute(
    ({ request }) => changesSession(request, self.location.origin),
    async ({ request }) => {
      const response = await fetch(request);
      if (response.ok) await clearApiCache();
      return response;
    },
    'POST',
  );

  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    if (messageType(event.data) !== CLEAR_API_CACHES_MESSAGE) return;
    const port = event.ports[0];
    event.waitUntil(
      clearApiCache()
        .catch(() => undefined)
        .then(() => port?.postMessage({ type: API_CACHES_CLEARED_MESSAGE })),
    );
  });
}
