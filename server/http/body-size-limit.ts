import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** JSON bodies of this API are small; anything larger is a mistake or an attack. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Multipart bodies may carry a profile picture (a later issue re-encodes and limits it further). */
export const FORM_BODY_LIMIT = 10 * 1024 * 1024;

const tooLarge = (c: Parameters<MiddlewareHandler>[0]) => c.json({ error: 'Request body too large' }, 413);
const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
const formLimit = bodyLimit({ maxSize: FORM_BODY_LIMIT, onError: tooLarge });

export function bodySizeLimit(): MiddlewareHandler {
  return (c, next) => {
    const multipart = c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data');
    return (multipart ? formLimit : jsonLimit)(c, next);
  };
}
