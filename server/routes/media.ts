import { Hono } from 'hono';
import { API_ERRORS } from '../../contract/errors';
import { PROFILE_IMAGE_PATH_PREFIX, type ProfileImageSize } from '../../contract/profile-photo';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readMedia } from '../services/profiles/profile-photos';

/** A URL's content never changes (its name is the hash of its bytes), so browsers and caches keep it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const FILE_NAME = /^([0-9a-f]{64})-(512|128)\.webp$/;

/** Whether an If-None-Match header (a list, weak or strong, or '*') names this ETag. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Uploaded profile photos, from the database so that every API process serves the same ones:
 * /media/p/{hash}-{512|128}.webp. The seed's static images live beside them under /media/events,
 * /media/avatars and /media/organizers (public/); this prefix is no folder there.
 */
export function mediaRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(`${PROFILE_IMAGE_PATH_PREFIX}:file`, async (c) => {
    const name = FILE_NAME.exec(c.req.param('file'));
    if (!name) return c.json({ error: API_ERRORS.notFound }, 404);
    const [, hash, size] = name;
    const etag = `"${hash}-${size}"`;
    if (matches(c.req.header('if-none-match'), etag)) {
      return c.body(null, 304, { ETag: etag, 'Cache-Control': IMMUTABLE });
    }
    const file = await readMedia(deps.db, hash!, Number(size) as ProfileImageSize);
    if (!file) return c.json({ error: API_ERRORS.notFound }, 404);
    return c.body(new Uint8Array(file.bytes), 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      ETag: etag,
      'Cache-Control': IMMUTABLE,
    });
  });
  return app;
}
