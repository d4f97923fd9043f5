import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { API_ERRORS } from '../../contract/errors';
import type { Logger } from '../logger';
import { ApiError } from './api-error';
import type { AppEnv } from './app-env';

/**
 * Every failure becomes JSON {error, code?, field?}. Known answers keep their status; anything
 * unexpected is a 500 whose details (stack included) go to the server log only.
 */
export function errorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (err instanceof ApiError) {
      for (const [name, value] of Object.entries(err.extra.headers ?? {})) c.header(name, value);
      return c.json(err.body, err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own 4xx (for example a malformed request it could not parse).
      return c.json({ error: err.message || 'Bad request' }, err.status);
    }
    logger.error(`[error] ${c.req.method} ${c.req.path} id=${c.get('requestId')}`, err);
    return c.json({ error: API_ERRORS.internal }, 500);
  };
}

export const notFoundHandler: NotFoundHandler<AppEnv> = (c) => c.json({ error: API_ERRORS.notFound }, 404);
