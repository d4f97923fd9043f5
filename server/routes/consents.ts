import { Hono } from 'hono';
import { createConsentsSchema, updateConsentSchema } from '../../contract/consent';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { readJson } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { grantConsents, listActiveConsents, updateConsent } from '../services/account/consents';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONSENT_NOT_FOUND = 'Consent not found';

/** Data and marketing consents of the signed-in member (docs/product.md sections 2, 4 and 7). */
export function consentsRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;
  const signedIn = requireUser(deps);

  /** Answers with every consent now in force, so the client can replace its copy in one go. */
  app.post('/', signedIn, async (c) => {
    const body = await readJson(c, createConsentsSchema);
    const userId = c.get('userId');
    await grantConsents(db, userId, body.consents, clock());
    return c.json(await listActiveConsents(db, userId), 201);
  });

  app.get('/', signedIn, async (c) => c.json(await listActiveConsents(db, c.get('userId'))));

  app.put('/:id', signedIn, async (c) => {
    const id = c.req.param('id');
    const body = await readJson(c, updateConsentSchema);
    // Not a UUID cannot be a consent: the same 404 as someone else's, never a database error.
    const consent = UUID.test(id) ? await updateConsent(db, c.get('userId'), id, body, clock()) : undefined;
    if (!consent) throw new ApiError(404, CONSENT_NOT_FOUND);
    return c.json(consent);
  });

  return [['/users/consents', app]];
}
