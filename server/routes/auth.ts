import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { loginPinRequestSchema, loginPinVerifySchema, signupPinRequestSchema, signupPinVerifySchema, type PinRequestResponse } from '../../contract/auth';
import { API_ERRORS } from '../../contract/errors';
import type { Database } from '../db/schema';
import type { PinPurpose } from '../db/tables/members';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-info';
import { enforceRateLimit } from '../http/rate-limited';
import { readJson } from '../http/read-body';
import { pausedError, withSignInCode } from '../http/sign-in-code';
import { clearSessionCookie, readSessionToken, sessionIdleMs, setSessionCookie } from '../http/session-cookie';
import { createOpportunisticSweeper } from '../services/operations/housekeeping';
import { loadMe } from '../services/account/load-me';
import { discardPin, issuePin, PIN_TTL_MS, supersedeOlderPins } from '../services/sign-in/pin-codes';
import { removeSessionSubscriptions } from '../services/push/subscriptions';
import { refundRateLimit } from '../services/limits/rate-limit';
import { createSession, hashSessionToken, revokeSession } from '../services/sign-in/sessions';
import { codeRequestsPerIp, codesPerAddress } from '../services/sign-in/sign-in-limits';
import { signInPauseOf } from '../services/sign-in/sign-in-pause';
import { createUser, findUserIdByEmail } from '../services/account/user-rows';

export const MAIL_FAILED = 'Failed to send verification code. Please try again.';

/**
 * E-mail code sign-up and log-in (docs/product.md sections 4, 7, 8), and log-out. Rules: see
 * services/sign-in/pin-codes.ts (codes), services/sign-in/sign-in-limits.ts (rate limits), services/sign-in/sessions.ts.
 */
export function authRoutes(deps: AppDeps): ApiMounts {
  const signUp = new Hono<AppEnv>();
  const logIn = new Hono<AppEnv>();
  const logOut = new Hono<AppEnv>();
  const { db, config, clock } = deps;
  const sweep = createOpportunisticSweeper(db, sessionIdleMs(config));

  /**
   * Mails a fresh code. If the mail cannot be sent, the code is dropped and the address's budget
   * is given back (the member did nothing wrong); the per-IP hit stays so a failing mail server
   * cannot be used to make unlimited requests.
   */
  async function mailNewCode(c: Context<AppEnv>, email: string, purpose: PinPurpose): Promise<Response> {
    const now = clock();
    // A code could not be used while the address is paused; mailing one would only confuse.
    const pause = await signInPauseOf(db, email, now);
    if (pause) throw pausedError(pause);
    const addressRule = codesPerAddress(email);
    const hitAt = await enforceRateLimit(db, addressRule, now);
    const pin = await issuePin(db, { email, purpose }, now);
    try {
      await deps.mailer.sendPinCode(email, pin.code, purpose);
    } catch (error) {
      deps.logger.error(`[mail] sending a ${purpose} code failed id=${c.get('requestId')}`, error);
      await discardPin(db, pin.id);
      await refundRateLimit(db, addressRule.bucket, hitAt);
      throw new ApiError(502, MAIL_FAILED);
    }
    await supersedeOlderPins(db, { email, purpose }, pin.id, now);
    await sweep(now);
    const body: PinRequestResponse = { sent: true, expiresInSeconds: PIN_TTL_MS / 1000 };
    return c.json(body, 200);
  }

  /** Starts a session for a verified member; a session the browser already had is ended (rotation). */
  async function startSession(trx: Kysely<Database>, c: Context<AppEnv>, userId: string, now: Date): Promise<string> {
    const previous = readSessionToken(c);
    if (previous) await revokeSession(trx, previous, now);
    return createSession(trx, userId, now);
  }

  signUp.post('/request', async (c) => {
    const body = await readJson(c, signupPinRequestSchema);
    await enforceRateLimit(db, codeRequestsPerIp(clientIp(c, config), config), clock());
    if (await findUserIdByEmail(db, body.email)) throw new ApiError(409, API_ERRORS.userExists);
    return mailNewCode(c, body.email, 'signup');
  });

  logIn.post('/request', async (c) => {
    const body = await readJson(c, loginPinRequestSchema);
    await enforceRateLimit(db, codeRequestsPerIp(clientIp(c, config), config), clock());
    if (!(await findUserIdByEmail(db, body.email))) throw new ApiError(404, API_ERRORS.userNotFound);
    return mailNewCode(c, body.email, 'login');
  });

  /** The member's session cookie and their profile, as the client expects after a code. */
  async function signedIn(c: Context<AppEnv>, signIn: { userId: string; token: string }, status: 200 | 201): Promise<Response> {
    setSessionCookie(c, config, signIn.token);
    const me = await loadMe(db, signIn.userId, clock());
    if (!me) throw new Error('User vanished right after signing in');
    return c.json(me, status);
  }

  signUp.post('/verify', async (c) => {
    const body = await readJson(c, signupPinVerifySchema);
    const now = clock();
    const signIn = await withSignInCode(
      deps,
      c,
      { email: body.email, purpose: 'signup', pin: body.pin },
      {
        before: async (trx) => ((await findUserIdByEmail(trx, body.email)) ? new ApiError(409, API_ERRORS.userExists) : null),
        accepted: async (trx) => {
          const userId = await createUser(trx, body, now);
          // Taken by a concurrent sign-up: roll back so this code stays unused.
          if (!userId) throw new ApiError(409, API_ERRORS.userExists);
          return { userId, token: await startSession(trx, c, userId, now) };
        },
      },
    );
    return signedIn(c, signIn, 201);
  });

  logIn.post('/verify', async (c) => {
    const body = await readJson(c, loginPinVerifySchema);
    const now = clock();
    let userId: string | undefined;
    const signIn = await withSignInCode(
      deps,
      c,
      { email: body.email, purpose: 'login', pin: body.pin },
      {
        before: async (trx) => {
          userId = await findUserIdByEmail(trx, body.email);
          return userId ? null : new ApiError(404, API_ERRORS.userNotFound);
        },
        accepted: async (trx) => ({ userId: userId!, token: await startSession(trx, c, userId!, now) }),
      },
    );
    return signedIn(c, signIn, 200);
  });

  /** Always succeeds: whatever the cookie was, afterwards it is gone and its session is revoked. */
  logOut.post('/logout', async (c) => {
    const token = readSessionToken(c);
    // This device's push subscription goes with the session (docs/product.md section 14).
    if (token) await removeSessionSubscriptions(db, hashSessionToken(token));
    if (token) await revokeSession(db, token, clock());
    clearSessionCookie(c, config);
    return c.body(null, 204);
  });

  return [
    ['/signup/pin', signUp],
    ['/login/pin', logIn],
    ['/oauth', logOut],
  ];
}
