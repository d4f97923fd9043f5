import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';
import type { AppEnv } from './app-env';

/**
 * One line per request: method, path, status, duration and request id. Never bodies, query
 * strings, cookies or codes, so the log holds nothing that signs anyone in.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    logger.info(`[http] ${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms id=${c.get('requestId')}`);
  };
}
