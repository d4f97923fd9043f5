import { Hono, type MiddlewareHandler } from 'hono';
import { IDEMPOTENCY_HEADER } from '../../contract/attendees';
import { API_ERRORS } from '../../contract/errors';
import {
  MAX_PROFILE_IMAGE_BYTES,
  PROFILE_IMAGE_CODES,
  PROFILE_IMAGE_ERRORS,
  PROFILE_IMAGE_FIELD,
  REMOVE_PROFILE_IMAGE_FIELD,
} from '../../contract/profile-photo';
import { placeText } from '../../contract/place-text';
import { PROFILE_LOCATION_ERROR, profileUpdateSchema, type Me } from '../../contract/user';
import type { UserUpdate } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { PHOTO_BODY_LIMIT } from '../http/body-size-limit';
import { idempotent } from '../http/idempotency-middleware';
import { readJsonOrForm } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { photoUploadGate } from '../http/upload-gate';
import { loadMe } from '../services/account/load-me';
import { renderProfilePhoto, type PhotoResult } from '../services/profiles/photo-pipeline';
import { removeProfilePhoto, saveProfilePhoto } from '../services/profiles/profile-photos';
import { updateUser } from '../services/account/user-rows';

/** An empty optional field clears it (stored as null, shown as the owner's placeholder). */
const orNull = (text: string | undefined) => (text === undefined ? undefined : text === '' ? null : text);

const isJsonBody = (contentType: string | undefined) => {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
};

/**
 * Idempotency-Key on PATCH users/me, for JSON bodies only. The outbox replays text edits as
 * JSON; a photo needs the network and is never queued. A multipart body cannot be fingerprinted
 * as sent (its boundary is new on every try, so a retry would look like another request), and
 * the fingerprint reads the body as text, which would copy 15 MB of photo into a string.
 */
function idempotentJsonOnly(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const keyed = idempotent(deps);
  return async (c, next) => {
    if (c.req.header(IDEMPOTENCY_HEADER) === undefined) return next();
    if (!isJsonBody(c.req.header('content-type'))) {
      throw new ApiError(400, PROFILE_IMAGE_ERRORS.keyNeedsJson, { field: IDEMPOTENCY_HEADER });
    }
    return keyed(c, next);
  };
}

function photoRefusal(result: Extract<PhotoResult, { ok: false }>): ApiError {
  // An image too large to decode is an image: 'Invalid file type' would send the member looking for another format.
  const error = result.code === PROFILE_IMAGE_CODES.tooManyPixels ? PROFILE_IMAGE_ERRORS.tooManyPixels : PROFILE_IMAGE_ERRORS.invalidType;
  return new ApiError(400, error, { field: PROFILE_IMAGE_FIELD, code: result.code });
}

export function usersRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;

  /**
   * The member's location: a chosen location of the service is stored with its display text (the
   * server's, so it always names the location it refers to); free text drops the chosen one.
   */
  async function locationChange(text: string | undefined, locationId: string | undefined): Promise<Pick<UserUpdate, 'location' | 'location_id'>> {
    if (locationId === undefined) return text === undefined ? {} : { location: orNull(text), location_id: null };
    if (locationId === '') return { location: null, location_id: null };
    const chosen = await db.selectFrom('locations').select(['id', 'name', 'country']).where('id', '=', locationId).executeTakeFirst();
    if (!chosen) throw new ApiError(400, PROFILE_LOCATION_ERROR, { field: 'locationId' });
    return { location: placeText(chosen), location_id: chosen.id };
  }

  async function currentMe(userId: string): Promise<Me> {
    const me = await loadMe(db, userId, clock());
    // The session outlived its user (deleted meanwhile): treat as signed out.
    if (!me) throw new ApiError(401, API_ERRORS.unauthorized);
    return me;
  }

  app.get('/', requireUser(deps), async (c) => c.json(await currentMe(c.get('userId'))));

  /**
   * Only changed fields are sent (docs/product.md section 4), as JSON or multipart form data; the form may
   * carry a profileImage file, which becomes the member's photo (services/profiles/photo-pipeline.ts), or
   * removeProfileImage. The photo is checked before any field is saved, so a refused photo
   * changes nothing. A multipart body waits for nothing: photoUploadGate answers 503 or 429 first.
   */
  app.patch('/', requireUser(deps), idempotentJsonOnly(deps), photoUploadGate(deps), async (c) => {
    const { value, files, dispose } = await readJsonOrForm(c, profileUpdateSchema, { maxBytes: PHOTO_BODY_LIMIT, fileFields: [PROFILE_IMAGE_FIELD] });
    const userId = c.get('userId');
    let photo: PhotoResult | undefined;
    try {
      const file = files[PROFILE_IMAGE_FIELD];
      if (file && value[REMOVE_PROFILE_IMAGE_FIELD]) {
        throw new ApiError(400, PROFILE_IMAGE_ERRORS.removeAndUpload, { field: REMOVE_PROFILE_IMAGE_FIELD });
      }
      if (file) {
        if (file.size > MAX_PROFILE_IMAGE_BYTES) throw new ApiError(413, PROFILE_IMAGE_ERRORS.tooLarge, { field: PROFILE_IMAGE_FIELD });
        photo = await renderProfilePhoto(file.path);
        if (!photo.ok) throw photoRefusal(photo);
      }
    } finally {
      await dispose();
    }

    const changes: UserUpdate = {
      first_name: value.firstName,
      last_name: value.lastName,
      role: orNull(value.role),
      story: orNull(value.story),
      ...(await locationChange(value.location, value.locationId)),
      linkedin_url: orNull(value.linkedinUrl),
      phone: orNull(value.phone),
    };
    const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as UserUpdate;
    if (Object.keys(given).length > 0) await updateUser(db, userId, given, clock());
    if (photo?.ok) await saveProfilePhoto(db, userId, photo, clock());
    else if (value[REMOVE_PROFILE_IMAGE_FIELD]) await removeProfilePhoto(db, userId, clock());
    return c.json(await currentMe(userId));
  });

  return [['/users/me', app]];
}
