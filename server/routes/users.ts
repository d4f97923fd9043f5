import { Hono } from 'hono';
import { API_ERRORS } from '../../contract/errors';
import { profileUpdateSchema, type Me } from '../../contract/user';
import type { UserUpdate } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonOrForm } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { loadMe } from '../services/me';
import { updateUser } from '../services/users';

/** An empty optional field clears it (stored as null, shown as the owner's placeholder). */
const orNull = (text: string | undefined) => (text === undefined ? undefined : text === '' ? null : text);

export function usersRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;

  async function currentMe(userId: string): Promise<Me> {
    const me = await loadMe(db, userId, clock());
    // The session outlived its user (deleted meanwhile): treat as signed out.
    if (!me) throw new ApiError(401, API_ERRORS.unauthorized);
    return me;
  }

  app.get('/users/me', requireUser(deps), async (c) => c.json(await currentMe(c.get('userId'))));

  /**
   * Only changed fields are sent (SPEC.md section 4), as JSON or multipart form data. A
   * profileImage file is accepted and ignored for now; the upload issue stores it.
   */
  app.patch('/users/me', requireUser(deps), async (c) => {
    const { value } = await readJsonOrForm(c, profileUpdateSchema);
    const changes: UserUpdate = {
      first_name: value.firstName,
      last_name: value.lastName,
      role: orNull(value.role),
      story: orNull(value.story),
      location: orNull(value.location),
      linkedin_url: orNull(value.linkedinUrl),
      phone: orNull(value.phone),
    };
    const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as UserUpdate;
    if (Object.keys(given).length > 0) await updateUser(db, c.get('userId'), given, clock());
    return c.json(await currentMe(c.get('userId')));
  });

  return app;
}
