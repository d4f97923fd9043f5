import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from '../logger';
import { PROBE_PATHS } from './probe-paths';
import type { AppEnv } from './app-env';
import { routePattern } from './path-ids';

/**
 * One line per request: method, route pattern (/api/events/:id, never the ids of the path),
 * status, duration, request id, and the member's id when signed in. Never bodies, query strings,
 * cookies or codes, so the log holds nothing that signs anyone in. Health probes (/healthz,
 * /readyz) are left out.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (PROBE_PATHS.has(c.req.path)) return next();
    const started = performance.now();
    await next();
    const durationMs = Math.round(performance.now() - started);
    // After next(), the route of the handler that answered (or of the middleware that refused).
    const route = routePattern(routePath(c)) || '(none)';
    const { method } = c.req;
    const status = c.res.status;
    logger.info(`[http] ${method} ${route} ${status} ${durationMs}ms`, {
      method,
      route,
      status,
      durationMs,
      requestId: c.get('requestId'),
      memberId: c.get('userId'),
    });
  };
}
