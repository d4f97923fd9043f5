import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';

/**
 * Precaches the app shell (hashed assets, index.html, the manifest, the icons) and serves those
 * files cache first. cleanupOutdatedCaches removes precaches left by older Workbox releases.
 * The list is the build's self.__WB_MANIFEST, passed in by sw.ts.
 */
export function precacheShell(entries: Array<PrecacheEntry | string>): void {
  precacheAndRoute(entries);
  cleanupOutdatedCaches();
}
