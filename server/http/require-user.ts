import type { Context, MiddlewareHandler } from 'hono';
import { API_ERRORS } from '../../contract/errors';
import type { Viewer } from '../services/events/visibility';
import { findActiveSession, SESSION_TOUCH_INTERVAL_MS, touchSession, type ActiveSession } from '../services/sign-in/sessions';
import { ApiError } from './api-error';
import type { AppDeps, AppEnv } from './app-env';
import { clearSessionCookie, readSessionToken, sessionIdleMs, setSessionCookie } from './session-cookie';
import { enforceWriteLimit } from './write-limits';

/** Lets the request through only with a live session; sets c.var.userId. Otherwise 401. */
export function requireUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = readSessionToken(c);
    const now = deps.clock();
    const session = token ? await findActiveSession(deps.db, token, now, sessionIdleMs(deps.config)) : null;
    await acceptSession(deps, c, token, session, now);
    await next();
  };
}

/** 401 for a request without a live session; a dead cookie is removed so the browser stops sending it. */
export function refuseSession(deps: AppDeps, c: Context<AppEnv>, token: string | undefined): never {
  if (token) clearSessionCookie(c, deps.config);
  throw new ApiError(401, API_ERRORS.unauthorized);
}

/**
 * What requireUser does with the session it looked up (also when a statement read it along with a
 * page: signed-in-read.ts): refused without one; last_seen_at renewed at most once a minute;
 * c.var.userId and hasProAccess set; a write counted against the member's limit for its route.
 */
export async function acceptSession(
  deps: AppDeps,
  c: Context<AppEnv>,
  token: string | undefined,
  session: ActiveSession | null,
  now: Date,
): Promise<ActiveSession> {
  if (!token || !session) refuseSession(deps, c, token);
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await touchSession(deps.db, session.idHash, now);
    setSessionCookie(c, deps.config, token);
  }
  c.set('userId', session.userId);
  c.set('hasProAccess', session.hasProAccess);
  await enforceWriteLimit(deps, c, session.userId, now);
  return session;
}

/** The signed-in reader behind requireUser, with the PRO access read along with the session. */
export function signedInViewer(c: Context<AppEnv>): Viewer {
  return { userId: c.get('userId'), hasProAccess: c.get('hasProAccess') };
}

/**
 * The signed-in member's id on a route that anonymous readers may call too (the join page), or
 * null. A missing or dead session is no error here, and nothing is written.
 */
export async function optionalUserId(deps: AppDeps, c: Context): Promise<string | null> {
  const token = readSessionToken(c);
  if (!token) return null;
  const session = await findActiveSession(deps.db, token, deps.clock(), sessionIdleMs(deps.config));
  return session?.userId ?? null;
}
