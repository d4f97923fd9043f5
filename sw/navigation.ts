import { createHandlerBoundToURL, getCacheKeyForURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { shellWithScreenCode } from './screen-code';

/** The SPA shell every client-side route renders from. */
const SHELL_URL = '/index.html';

/**
 * Navigations that must reach the network, never the shell (workbox tests path + query string):
 * - /api/...: the API (JSON, sign-in links later); the worker never answers for it;
 * - /media/...: uploaded and seeded images;
 * - a path whose last segment has a file extension (/sw.js, /icons/x.png, /manifest.webmanifest).
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(\/|\?|$)/, /^\/media(\/|\?|$)/, /^[^?]*\/[^/?]+\.[^/?]+(\?.*)?$/];

/**
 * Serves the precached index.html for every page navigation (in scope, not denylisted), so the app
 * opens with no network after one visit, with the screen's code announced in its head (screen-code.ts).
 * The route is only set up when the shell is precached: the development worker (PWA_DEV=1) has an
 * empty precache list and lets navigations go to Vite.
 */
export function serveShellForNavigations(): void {
  if (!getCacheKeyForURL(SHELL_URL)) return;
  const shell = createHandlerBoundToURL(SHELL_URL);
  registerRoute(new NavigationRoute(async (options) => shellWithScreenCode(await shell(options), options.url.pathname), { denylist: NAVIGATION_DENYLIST }));
}
