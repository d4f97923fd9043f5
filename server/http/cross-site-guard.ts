import type { MiddlewareHandler } from 'hono';
import { API_ERRORS } from '../../contract/errors';
import type { Config } from '../env';
import { ApiError } from './api-error';
import { appOrigin } from './client-info';
import { isUnsafeMethod } from './unsafe-methods';

function normalizedOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined; // "null" (sandboxed pages, some redirects) and garbage never match
  }
}

/**
 * Refuses state-changing requests that a page of another origin made the browser send (CSRF),
 * on top of the SameSite=Lax cookie. Requests with neither Origin nor Sec-Fetch-Site (curl, server
 * to server) carry no browser credentials by accident and pass.
 * - Sec-Fetch-Site 'cross-site' or 'same-site' (a sibling subdomain is another origin) is refused.
 * - An Origin header that is not the app's origin is refused.
 */
export function crossSiteGuard(config: Config): MiddlewareHandler {
  return async (c, next) => {
    if (isUnsafeMethod(c.req.method)) {
      const fetchSite = c.req.header('sec-fetch-site')?.toLowerCase();
      if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw new ApiError(403, API_ERRORS.crossSite);
      const origin = c.req.header('origin');
      if (origin !== undefined && normalizedOrigin(origin) !== normalizedOrigin(appOrigin(c, config))) {
        throw new ApiError(403, API_ERRORS.crossSite);
      }
    }
    await next();
  };
}
