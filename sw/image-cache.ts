import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { cacheNames } from './cache-names';

declare let self: ServiceWorkerGlobalScope;

/** Enough for the decks of a few big events (a candidate's photo each) plus their covers. */
export const IMAGE_CACHE_MAX_ENTRIES = 400;
export const IMAGE_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Images the app shows: anything the page loads as an image from our origin, and everything under
 * /media/ (also when fetched ahead of time, which is not an 'image' request). Other origins are
 * left alone: the Content-Security-Policy lets pages show images from our origin only, and an
 * opaque answer would count megabytes against the quota whatever its size.
 */
export function isCachedImageRequest(request: { method: string; url: string; destination: string }, workerOrigin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== workerOrigin || /^\/api(\/|$)/.test(url.pathname)) return false;
  return request.destination === 'image' || /^\/media\//.test(url.pathname);
}

// A missing photo (404) must not stick for a month: only complete answers are kept.
const onlyComplete: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/**
 * CacheFirst for photos and covers: a deck must show its photos with no network, and an older copy
 * of a photo is harmless (it ages out). Oldest entries go first past the size cap or the age limit, and the
 * whole cache is dropped if the browser runs out of quota (it is only a copy of the server's).
 */
export function cacheImages(): void {
  registerRoute(
    ({ request }) => isCachedImageRequest(request, self.location.origin),
    new CacheFirst({
      cacheName: cacheNames.images,
      plugins: [
        onlyComplete,
        new ExpirationPlugin({
          maxEntries: IMAGE_CACHE_MAX_ENTRIES,
          maxAgeSeconds: IMAGE_CACHE_MAX_AGE_SECONDS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}
