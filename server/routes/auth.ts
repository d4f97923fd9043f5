import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  loginPinRequestSchema,
  loginPinVerifySchema,
  signupPinRequestSchema,
  signupPinVerifySchema,
  type PinRequestResponse,
} from '../../contract/auth';
import { API_ERRORS, SIGN_IN_PAUSED_CODE } from '../../contract/errors';
import type { Database, PinPurpose } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-info';
import { enforceRateLimit } from '../http/rate-limited';
import { readJson } from '../http/read-body';
import { clearSessionCookie, readSessionToken, sessionIdleMs, setSessionCookie } from '../http/session-cookie';
import { createOpportunisticSweeper } from '../services/housekeeping';
import { loadMe } from '../services/me';
import { consumePin, discardPin, issuePin, PIN_TTL_MS, supersedeOlderPins, type PinCheck } from '../services/pin-codes';
import { removeSessionSubscriptions } from '../services/push/subscriptions';
import { refundRateLimit } from '../services/rate-limit';
import { createSession, hashSessionToken, revokeSession } from '../services/sessions';
import { codeRequestsPerIp, codesPerAddress, verifyAttemptsPerIp } from '../services/sign-in-limits';
import { clearFailedCodes, lockAddress, recordFailedCode, signInPauseOf, type SignInPause } from '../services/sign-in-pause';
import { createUser, findUserIdByEmail } from '../services/users';

export const MAIL_FAILED = 'Failed to send verification code. Please try again.';

type SignIn =
  | { kind: 'signedIn'; userId: string; token: string }
  | { kind: 'refused'; status: 400 | 404 | 409; error: string }
  | { kind: 'paused'; pause: SignInPause; startedNow: boolean };

/** 429 with the pause's own text and code, so the forms can say what happened. */
function pausedError(pause: SignInPause): ApiError {
  return new ApiError(429, API_ERRORS.signInPaused, {
    code: SIGN_IN_PAUSED_CODE,
    headers: { 'Retry-After': String(pause.retryAfterSeconds) },
  });
}

const PIN_REFUSALS: Record<Exclude<PinCheck, 'ok'>, string> = {
  invalid: API_ERRORS.invalidPin,
  expired: API_ERRORS.pinExpired,
};

/**
 * E-mail code sign-up and log-in (SPEC.md sections 4, 7, 8), and log-out. Rules: see
 * services/pin-codes.ts (codes), services/sign-in-limits.ts (rate limits), services/sessions.ts.
 */
export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
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

  /**
   * Checks the code under the address's ceiling on wrong codes (services/sign-in-pause.ts): paused,
   * nothing is tried; a wrong code is counted, and the one that starts the pause says so.
   */
  async function checkCode(trx: Kysely<Database>, email: string, purpose: PinPurpose, pin: string, now: Date): Promise<SignIn | 'ok'> {
    await lockAddress(trx, email);
    const pause = await signInPauseOf(trx, email, now);
    if (pause) return { kind: 'paused', pause, startedNow: false };
    const check = await consumePin(trx, { email, purpose }, pin, now);
    if (check === 'ok') {
      await clearFailedCodes(trx, email);
      return 'ok';
    }
    if (check === 'invalid') {
      const started = await recordFailedCode(trx, email, now);
      if (started) return { kind: 'paused', pause: started, startedNow: true };
    }
    return { kind: 'refused', status: 400, error: PIN_REFUSALS[check] };
  }

  async function answerSignedIn(c: Context<AppEnv>, email: string, outcome: SignIn, status: 200 | 201): Promise<Response> {
    if (outcome.kind === 'refused') throw new ApiError(outcome.status, outcome.error);
    if (outcome.kind === 'paused') {
      // Told once, when the pause starts; a mail that cannot be sent does not undo the pause.
      if (outcome.startedNow) {
        await deps.mailer.sendSignInPaused(email, outcome.pause.until).catch((error: unknown) => {
          deps.logger.error(`[mail] the sign-in pause notice failed id=${c.get('requestId')}`, error);
        });
      }
      throw pausedError(outcome.pause);
    }
    setSessionCookie(c, config, outcome.token);
    const me = await loadMe(db, outcome.userId, clock());
    if (!me) throw new Error('User vanished right after signing in');
    return c.json(me, status);
  }

  app.post('/signup/pin/request', async (c) => {
    const body = await readJson(c, signupPinRequestSchema);
    await enforceRateLimit(db, codeRequestsPerIp(clientIp(c, config), config), clock());
    if (await findUserIdByEmail(db, body.email)) throw new ApiError(409, API_ERRORS.userExists);
    return mailNewCode(c, body.email, 'signup');
  });

  app.post('/login/pin/request', async (c) => {
    const body = await readJson(c, loginPinRequestSchema);
    await enforceRateLimit(db, codeRequestsPerIp(clientIp(c, config), config), clock());
    if (!(await findUserIdByEmail(db, body.email))) throw new ApiError(404, API_ERRORS.userNotFound);
    return mailNewCode(c, body.email, 'login');
  });

  app.post('/signup/pin/verify', async (c) => {
    const body = await readJson(c, signupPinVerifySchema);
    const now = clock();
    await enforceRateLimit(db, verifyAttemptsPerIp(clientIp(c, config), config), now);
    // One transaction: a wrong try is counted, and a code is used up only if the user is created.
    const outcome = await db.transaction().execute(async (trx): Promise<SignIn> => {
      if (await findUserIdByEmail(trx, body.email)) return { kind: 'refused', status: 409, error: API_ERRORS.userExists };
      const check = await checkCode(trx, body.email, 'signup', body.pin, now);
      if (check !== 'ok') return check;
      const userId = await createUser(trx, body, now);
      // Taken by a concurrent sign-up: roll back so this code stays unused.
      if (!userId) throw new ApiError(409, API_ERRORS.userExists);
      return { kind: 'signedIn', userId, token: await startSession(trx, c, userId, now) };
    });
    return answerSignedIn(c, body.email, outcome, 201);
  });

  app.post('/login/pin/verify', async (c) => {
    const body = await readJson(c, loginPinVerifySchema);
    const now = clock();
    await enforceRateLimit(db, verifyAttemptsPerIp(clientIp(c, config), config), now);
    const outcome = await db.transaction().execute(async (trx): Promise<SignIn> => {
      const userId = await findUserIdByEmail(trx, body.email);
      if (!userId) return { kind: 'refused', status: 404, error: API_ERRORS.userNotFound };
      const check = await checkCode(trx, body.email, 'login', body.pin, now);
      if (check !== 'ok') return check;
      return { kind: 'signedIn', userId, token: await startSession(trx, c, userId, now) };
    });
    return answerSignedIn(c, body.email, outcome, 200);
  });

  /** Always succeeds: whatever the cookie was, afterwards it is gone and its session is revoked. */
  app.post('/oauth/logout', async (c) => {
    const token = readSessionToken(c);
    // This device's push subscription goes with the session (issue 15).
    if (token) await removeSessionSubscriptions(db, hashSessionToken(token));
    if (token) await revokeSession(db, token, clock());
    clearSessionCookie(c, config);
    return c.body(null, 204);
  });

  return app;
}
