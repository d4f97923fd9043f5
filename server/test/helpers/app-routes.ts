import type { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { routePattern } from '../../http/path-ids';

export interface AppRoute {
  method: string;
  /** Hono's pattern, e.g. /api/events/:id/join. */
  path: string;
}

/** 'POST /api/events/:id/join': how the suites name a route in their tables and messages. */
export const routeKey = (route: AppRoute): string => `${route.method} ${route.path}`;

/**
 * Every API endpoint the app registers, read from the app itself, so that the suites built on it
 * cover a route as soon as it exists. Middleware (method ALL) and catch-alls (*) are left out;
 * a route registered with several handlers is listed once.
 */
export function apiRoutes(app: Hono<AppEnv>): AppRoute[] {
  const seen = new Map<string, AppRoute>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL' || path.includes('*') || !path.startsWith('/api/')) continue;
    const route = { method, path: routePattern(path) };
    seen.set(routeKey(route), route);
  }
  return [...seen.values()];
}

/** The route's pattern with its :params filled in; `segment` returns them as they go in the URL. */
export function fillPath(path: string, segment: (param: string) => string): string {
  return path.replace(/:(\w+)/g, (_, param: string) => segment(param));
}
