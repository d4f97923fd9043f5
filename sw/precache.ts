import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

declare let self: ServiceWorkerGlobalScope;

/**
 * Precaches the app shell: the build injects the list of hashed assets, index.html, the manifest
 * and the icons into self.__WB_MANIFEST (vite-plugin-pwa, injectManifest), and serves them cache
 * first. cleanupOutdatedCaches removes precaches left by older Workbox releases.
 */
export function precacheShell(): void {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
}
