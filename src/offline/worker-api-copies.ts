import { API_CACHE_PREFIX } from '../../contract/sw-messages';

/** What to store instead of an answer's JSON body; undefined leaves the answer as it is. */
export type CopyRewrite = (body: unknown) => unknown;

/**
 * Rewrites the service worker's stored API answers (its `/api` cache) for which `rewriteOf`, given
 * the request's URL path, has a rewrite. Offline, the worker answers a read from these copies: a write
 * queued here must show in them too, or the next read would bring back what was there before it.
 * The next answer from the network replaces them as usual.
 */
export async function rewriteWorkerCopies(rewriteOf: (path: string) => CopyRewrite | null): Promise<void> {
  // Missing outside secure contexts (plain http on another host than localhost).
  if (typeof caches === 'undefined') return;
  try {
    for (const name of (await caches.keys()).filter((key) => key.startsWith(API_CACHE_PREFIX))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const rewrite = rewriteOf(new URL(request.url).pathname);
        const stored = rewrite ? await cache.match(request) : undefined;
        if (!rewrite || !stored?.ok) continue;
        const body = rewrite(
          await stored
            .clone()
            .json()
            .catch(() => undefined),
        );
        if (body === undefined) continue;
        const headers = new Headers(stored.headers);
        headers.delete('content-length');
        await cache.put(request, new Response(JSON.stringify(body), { status: stored.status, statusText: stored.statusText, headers }));
      }
    }
  } catch {
    // Storage unavailable: the copies stay until the next answer from the network replaces them.
  }
}

/**
 * The service worker's stored answer to GET `path` (`/api/...`), its JSON body; undefined when it
 * holds none (no worker yet, emptied at sign-in, logout or a 401, or storage unavailable).
 */
export async function readWorkerCopy(path: string): Promise<unknown> {
  if (typeof caches === 'undefined') return undefined;
  try {
    for (const name of (await caches.keys()).filter((key) => key.startsWith(API_CACHE_PREFIX))) {
      const stored = await (await caches.open(name)).match(path);
      if (stored?.ok) return await stored.json();
    }
  } catch {
    // Unreadable: as if there were none.
  }
  return undefined;
}

/**
 * Deletes the service worker's stored API answers that mention `text` (a blocked member's id):
 * offline, the worker would answer a read with them, and the member would show again. The next
 * answer from the network is stored as usual.
 */
export async function forgetWorkerCopiesMentioning(text: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    for (const name of (await caches.keys()).filter((key) => key.startsWith(API_CACHE_PREFIX))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const stored = await cache.match(request);
        if (stored && (await stored.text()).includes(text)) await cache.delete(request);
      }
    }
  } catch {
    // Storage unavailable: the lists read again replace what they can.
  }
}
