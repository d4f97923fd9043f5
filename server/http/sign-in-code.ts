import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { API_ERRORS, SIGN_IN_PAUSED_CODE } from '../../contract/errors';
import type { Database } from '../db/schema';
import type { PinPurpose } from '../db/tables/members';
import { consumePin } from '../services/sign-in/pin-codes';
import { verifyAttemptsPerIp } from '../services/sign-in/sign-in-limits';
import { clearFailedCodes, lockAddress, recordFailedCode, signInPauseOf, type SignInPause } from '../services/sign-in/sign-in-pause';
import { ApiError } from './api-error';
import type { AppDeps, AppEnv } from './app-env';
import { clientIp } from './client-info';
import { enforceRateLimit } from './rate-limited';

/**
 * The one door through which a route takes a sign-in code (signing up, logging in, deleting the
 * account). Every code entered anywhere counts against the same two limits: the client's address
 * (RATE_LIMIT_VERIFY_PER_IP per 15 minutes) and the e-mail address's ceiling on wrong codes in a
 * row (services/sign-in/sign-in-limits.ts); a second route without them would be a second guessing door.
 * services/sign-in/pin-codes.ts consumePin is imported nowhere else (a lint rule keeps it so).
 */

export interface CodeAttempt {
  email: string;
  purpose: PinPurpose;
  pin: string;
}

export interface CodeSteps<T> {
  /** Checked before the code (an address that does not exist, or exists already): its refusal costs no try. */
  before?: (trx: Kysely<Database>) => Promise<ApiError | null>;
  /** The work the code unlocks, in the same transaction: the code is used up only if it commits. */
  accepted: (trx: Kysely<Database>) => Promise<T>;
}

type Outcome<T> = { kind: 'accepted'; value: T } | { kind: 'refused'; error: ApiError } | { kind: 'paused'; pause: SignInPause; startedNow: boolean };

const CODE_REFUSALS = { invalid: API_ERRORS.invalidPin, expired: API_ERRORS.pinExpired } as const;

/** 429 with the pause's own text and code, so the forms can say what happened. */
export function pausedError(pause: SignInPause): ApiError {
  return new ApiError(429, API_ERRORS.signInPaused, {
    code: SIGN_IN_PAUSED_CODE,
    headers: { 'Retry-After': String(pause.retryAfterSeconds) },
  });
}

/**
 * Checks the code and, when it is right, runs `accepted` with it in one transaction. Wrong or spent
 * codes answer 400 'Invalid pin' / 'Pin expired' (naming the field `field`); past either limit, 429.
 */
export async function withSignInCode<T>(deps: AppDeps, c: Context<AppEnv>, attempt: CodeAttempt, steps: CodeSteps<T>, field?: string): Promise<T> {
  const now = deps.clock();
  await enforceRateLimit(deps.db, verifyAttemptsPerIp(clientIp(c, deps.config), deps.config), now);
  const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome<T>> => {
    const early = await steps.before?.(trx);
    if (early) return { kind: 'refused', error: early };
    // Codes tried for one address are checked one at a time: none past the ceiling, and exactly
    // one failure starts the pause.
    await lockAddress(trx, attempt.email);
    const pause = await signInPauseOf(trx, attempt.email, now);
    if (pause) return { kind: 'paused', pause, startedNow: false };
    const check = await consumePin(trx, { email: attempt.email, purpose: attempt.purpose }, attempt.pin, now);
    if (check === 'ok') {
      await clearFailedCodes(trx, attempt.email);
      return { kind: 'accepted', value: await steps.accepted(trx) };
    }
    if (check === 'invalid') {
      const started = await recordFailedCode(trx, attempt.email, now);
      if (started) return { kind: 'paused', pause: started, startedNow: true };
    }
    return { kind: 'refused', error: new ApiError(400, CODE_REFUSALS[check], field ? { field } : {}) };
  });
  if (outcome.kind === 'accepted') return outcome.value;
  if (outcome.kind === 'refused') throw outcome.error;
  // Told once, when the pause starts; a mail that cannot be sent does not undo the pause.
  if (outcome.startedNow) {
    await deps.mailer.sendSignInPaused(attempt.email, outcome.pause.until).catch((error: unknown) => {
      deps.logger.error(`[mail] the sign-in pause notice failed id=${c.get('requestId')}`, error);
    });
  }
  throw pausedError(outcome.pause);
}
