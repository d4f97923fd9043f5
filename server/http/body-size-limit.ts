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
 */
export const PHOTO_BODY_LIMIT = MAX_PROFILE_IMAGE_BYTES + BODY_LIMIT;

const tooLarge = (c: Parameters<MiddlewareHandler>[0]) => c.json({ error: 'Request body too large' }, 413);
const smallLimit = bodyLimit({ maxSize: BODY_LIMIT, onError: tooLarge });
const photoLimit = bodyLimit({ maxSize: PHOTO_BODY_LIMIT, onError: tooLarge });

function carriesPhoto(method: string, path: string, contentType: string | undefined): boolean {
  return method === 'PATCH' && /\/users\/me$/.test(path) && Boolean(contentType?.toLowerCase().startsWith('multipart/form-data'));
}

export function bodySizeLimit(): MiddlewareHandler {
  return (c, next) => (carriesPhoto(c.req.method, c.req.path, c.req.header('content-type')) ? photoLimit : smallLimit)(c, next);
}
