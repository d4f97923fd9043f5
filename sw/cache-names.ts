import { setCacheNameDetails } from 'workbox-core';

declare let self: ServiceWorkerGlobalScope;

/**
 * Every cache this worker owns is named `mingle-<name>-<version>`. Bump CACHE_VERSION when the
 * shape of what a cache holds changes: the next worker then starts from empty caches and deletes
 * the old ones when it activates (deleteStaleCaches). Ordinary releases do not need a bump: the
 * precache is revisioned per file by the build.
 */
export const CACHE_PREFIX = 'mingle';
export const CACHE_VERSION = 'v1';

export function cacheName(name: string): string {
  return `${CACHE_PREFIX}-${name}-${CACHE_VERSION}`;
}

/**
 * Names of the caches the current worker uses; add runtime caches here as they appear.
 * api: one member's API answers (emptied at logout and sign-in); images: photos and covers.
 */
export const cacheNames = {
  precache: cacheName('precache'),
  runtime: cacheName('runtime'),
  api: cacheName('api'),
  images: cacheName('images'),
} as const;

/** Makes workbox use our names (its own format is prefix-name-suffix). Call before routes are set up. */
export function nameWorkboxCaches(): void {
  setCacheNameDetails({ prefix: CACHE_PREFIX, suffix: CACHE_VERSION, precache: 'precache', runtime: 'runtime' });
}

/** On activate, delete our caches of other versions or names no longer used. Others' caches stay. */
export function deleteStaleCaches(): void {
  self.addEventListener('activate', (event) => {
    const keep = new Set<string>(Object.values(cacheNames));
    event.waitUntil(
      caches.keys().then((keys) => Promise.all(keys.filter((key) => key.startsWith(`${CACHE_PREFIX}-`) && !keep.has(key)).map((key) => caches.delete(key)))),
    );
  });
}
