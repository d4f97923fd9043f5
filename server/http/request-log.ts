import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';
import { PROBE_PATHS } from './probe-paths';
import type { AppEnv } from './app-env';

/**
 * One line per request: method, path, status, duration and request id. Never bodies, query
 * strings, cookies or codes, so the log holds nothing that signs anyone in. Health probes
 * (/healthz, /readyz) are left out.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (PROBE_PATHS.has(c.req.path)) return next();
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    logger.info(`[http] ${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms id=${c.get('requestId')}`);
  };
}
