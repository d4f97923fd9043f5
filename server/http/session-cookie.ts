import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../env';
import { isHttpsRequest } from './client-info';

export const SESSION_COOKIE = 'sid';

export function readSessionToken(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE) || undefined;
}

/**
 * HttpOnly (scripts cannot read it), SameSite=Lax (not sent on cross-site sub-requests), Secure
 * over HTTPS. Max-Age is the idle window; it is renewed when the session is used, so an active
 * member stays signed in and an idle one is signed out by both the browser and the server.
 */
export function setSessionCookie(c: Context, config: Config, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttpsRequest(c, config),
    maxAge: config.SESSION_IDLE_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(c: Context, config: Config): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttpsRequest(c, config) });
}

export function sessionIdleMs(config: Config): number {
  return config.SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
}
