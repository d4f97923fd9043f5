import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_PROFILE_IMAGE_BYTES } from '../../contract/profile-photo';

/** Every body of this API is a small JSON object or form; anything larger is a mistake or an attack. */
export const BODY_LIMIT = 64 * 1024;
/**
 * The one route that takes a file: PATCH users/me with a profile photo as multipart form data. It
 * takes the largest photo accepted (15 MB, contract/profile-photo.ts; the route answers 413 above
 * it) and room for the text fields and the multipart framing. Every other route, multipart or
 * not, gets BODY_LIMIT, so a large form cannot be pushed through any route that parses forms.
 * Without a Content-Length the photo route counts its body itself as it reads it (read-body.ts):
 * counting here would read it into memory before the route's upload gate could refuse it.
 */
export const PHOTO_BODY_LIMIT = MAX_PROFILE_IMAGE_BYTES + BODY_LIMIT;

const tooLarge = (c: Parameters<MiddlewareHandler>[0]) => c.json({ error: 'Request body too large' }, 413);
const smallLimit = bodyLimit({ maxSize: BODY_LIMIT, onError: tooLarge });

function carriesPhoto(method: string, path: string, contentType: string | undefined): boolean {
  return method === 'PATCH' && /\/users\/me$/.test(path) && Boolean(contentType?.toLowerCase().startsWith('multipart/form-data'));
}

/**
 * Decided from the headers where they tell (hono's bodyLimit asks for the body stream first, which
 * made the Node adapter build a full Request for every call, GETs included: 4 % of a busy server's
 * time); a body of unknown length (chunked) is counted as it streams by bodyLimit.
 */
export function bodySizeLimit(): MiddlewareHandler {
  return async (c, next) => {
    // GET and HEAD carry no body (the Fetch API gives them none).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const photo = carriesPhoto(c.req.method, c.req.path, c.req.header('content-type'));
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > (photo ? PHOTO_BODY_LIMIT : BODY_LIMIT) ? tooLarge(c) : next();
    }
    return photo ? next() : smallLimit(c, next);
  };
}
