import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { firstScreenPages } from './first-screen';

const NOT_BUILT =
  'The app is not built yet. Run `npm run build` (or `npm start`, which builds and serves), then reload.\n' + 'The API under /api works already.\n';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ONE_DAY = 'public, max-age=86400';
const ONE_HOUR = 'public, max-age=3600';

/**
 * How long a browser may keep a built file. Hashed assets never change under their name. The
 * files that decide which version runs (index.html, the service worker and its helpers, the
 * manifest) are revalidated every time, or an update would never reach installed apps.
 */
export function cacheControlFor(urlPath: string): string {
  const path = urlPath.replace(/^\/+/, '');
  if (path.startsWith('assets/')) return IMMUTABLE;
  const name = path.split('/').pop() ?? '';
  if (name === 'index.html' || name === 'sw.js' || name === 'registerSW.js' || /^workbox-.*\.js$/.test(name) || name.endsWith('.webmanifest')) {
    return NO_CACHE;
  }
  if (path.startsWith('media/')) return ONE_DAY;
  return ONE_HOUR;
}

/** A request a browser makes to show a page (not a missing script or image). */
function isNavigation(c: Context): boolean {
  if (c.req.header('accept')?.includes('text/html')) return true;
  const last = c.req.path.split('/').pop() ?? '';
  return !last.includes('.');
}

/**
 * Serves the built app from distDir with SPA fallback: a page path that is not a file gets
 * index.html so the client router shows it, with what its first screen needs announced or
 * embedded (first-screen.ts; `api` answers the API in process). Missing files with an extension
 * stay 404, so the service worker never caches HTML under a script's name. Paths under /api never
 * come here.
 */
export function staticApp(distDir: string, api: (request: Request) => Promise<Response>): MiddlewareHandler {
  const root = resolve(distDir);
  const pages = firstScreenPages(root, api);
  // Created on first use: the folder may be built after the server started.
  let files: MiddlewareHandler | undefined;
  let indexPage: MiddlewareHandler | undefined;
  /** A signed-in member's page with its first screen, or the plain index.html (precompressed). */
  const appPage = async (c: Context, next: () => Promise<void>) => {
    const page = await pages.page(c);
    if (page) return page;
    indexPage ??= serveStatic({ root, path: 'index.html', precompressed: true });
    c.header('Cache-Control', cacheControlFor('index.html'));
    return indexPage(c, next);
  };

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // Source maps would hand out the original source; they stay on the server for error reports.
    // The build manifest is read by the server (first-screen.ts), not the browser.
    if (c.req.path.endsWith('.map') || c.req.path.startsWith('/.vite/')) return next();
    if (!existsSync(join(root, 'index.html'))) {
      return c.text(NOT_BUILT, 503, { 'Cache-Control': 'no-store' });
    }
    files ??= serveStatic({ root, precompressed: true });
    if (c.req.path === '/' || c.req.path === '/index.html') return appPage(c, next);

    // Set before serving: the static handler builds its answer from the headers set so far.
    const path = c.req.path.endsWith('/') ? `${c.req.path}index.html` : c.req.path;
    c.header('Cache-Control', cacheControlFor(path));
    let missing = false;
    const served = await files(c, async () => {
      missing = true;
    });
    if (!missing && served instanceof Response) return served;
    if (!isNavigation(c)) {
      c.header('Cache-Control', undefined);
      return next();
    }
    c.header('Cache-Control', undefined);
    return appPage(c, next);
  };
}
