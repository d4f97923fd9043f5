import { Hono } from 'hono';
import { deleteAccountSchema } from '../../contract/account';
import { API_ERRORS } from '../../contract/errors';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { readJson } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { withSignInCode } from '../http/sign-in-code';
import { clearSessionCookie } from '../http/session-cookie';
import { exportAccount } from '../services/account/export-account';
import { eraseAccount } from '../services/account/erase-account';
import { noticeContext, tellMeetingsClosed } from '../services/meetings/meeting-notices';
import { appOrigin } from '../http/client-info';

/**
 * The member's own data (docs/product.md section 15): 'Download my data' and 'Delete my account' of the
 * 'Manage Data Preferences & Consents' dialog.
 */
export function accountRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock, config } = deps;
  const signedIn = requireUser(deps);

  /** A download: the browser saves it under a dated name rather than showing it. */
  app.get('/export', signedIn, async (c) => {
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
  app.delete('/', signedIn, async (c) => {
    const { pin } = await readJson(c, deleteAccountSchema);
    const userId = c.get('userId');
    const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new ApiError(401, API_ERRORS.unauthorized);
    const closed = await withSignInCode(
      deps,
      c,
      { email: user.email, purpose: 'login', pin },
      { accepted: (trx) => eraseAccount(trx, userId, clock()) },
      'pin',
    );
    // Their meetings still ahead were cancelled for the other members, who are told now.
    tellMeetingsClosed(noticeContext(deps, appOrigin(c, config)), closed);
    clearSessionCookie(c, config);
    return c.body(null, 204);
  });

  return [['/users/me', app]];
}
