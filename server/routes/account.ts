import { Hono } from 'hono';
import { deleteAccountSchema } from '../../contract/account';
import { API_ERRORS } from '../../contract/errors';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJson } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { clearSessionCookie } from '../http/session-cookie';
import { exportAccount } from '../services/account-export';
import { eraseAccount } from '../services/account-erasure';
import { consumePin } from '../services/pin-codes';

/**
 * The member's own data (beyond SPEC.md, issue 10): 'Download my data' and 'Delete my account' of
 * the 'Manage Data Preferences & Consents' dialog.
 */
export function accountRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, clock, config } = deps;
  const signedIn = requireUser(deps);

  /** A download: the browser saves it under a dated name rather than showing it. */
  app.get('/users/me/export', signedIn, async (c) => {
    const now = clock();
    const data = await exportAccount(db, c.get('userId'), now);
    c.header('Content-Disposition', `attachment; filename="mingle-data-${now.toISOString().slice(0, 10)}.json"`);
    c.header('Cache-Control', 'no-store');
    return c.json(data);
  });

  /**
   * Erasure, confirmed with a fresh sign-in code mailed to the member's address (POST
   * login/pin/request first): 'Invalid pin' costs one of the code's tries, 'Pin expired' asks for a
   * new one. 204, and the session cookie is cleared (the session went with the account).
   */
  app.delete('/users/me', signedIn, async (c) => {
    const { pin } = await readJson(c, deleteAccountSchema);
    const userId = c.get('userId');
    const now = clock();
    const outcome = await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      if (!user) return 'gone' as const;
      const check = await consumePin(trx, { email: user.email, purpose: 'login' }, pin, now);
      if (check === 'ok') await eraseAccount(trx, userId);
      return check;
    });
    if (outcome === 'gone') throw new ApiError(401, API_ERRORS.unauthorized);
    if (outcome === 'invalid') throw new ApiError(400, API_ERRORS.invalidPin, { field: 'pin' });
    if (outcome === 'expired') throw new ApiError(400, API_ERRORS.pinExpired, { field: 'pin' });
    clearSessionCookie(c, config);
    return c.body(null, 204);
  });

  return app;
}
