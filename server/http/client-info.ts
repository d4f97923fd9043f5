import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Config } from '../env';

function firstForwarded(value: string | undefined): string | undefined {
  return value?.split(',')[0]?.trim().toLowerCase() || undefined;
}

/**
 * The client's IP address for rate limits. Behind a proxy (TRUST_PROXY) it is the last entry of
 * X-Forwarded-For: the address our proxy saw. Earlier entries are whatever the client claimed.
 */
export function clientIp(c: Context, config: Config): string {
  if (config.TRUST_PROXY) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const last = forwarded?.[forwarded.length - 1];
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'unknown';
  }
}

/** Whether the browser talks to us over HTTPS, directly or through a trusted proxy. */
export function isHttpsRequest(c: Context, config: Config): boolean {
  if (config.APP_ORIGIN?.startsWith('https:')) return true;
  if (config.TRUST_PROXY && firstForwarded(c.req.header('x-forwarded-proto')) === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}

/** The app's public origin: APP_ORIGIN, else the scheme and host this request was sent to. */
export function appOrigin(c: Context, config: Config): string {
  if (config.APP_ORIGIN) return config.APP_ORIGIN;
  const url = new URL(c.req.url);
  const host = (config.TRUST_PROXY && firstForwarded(c.req.header('x-forwarded-host'))) || url.host;
  const scheme = isHttpsRequest(c, config) ? 'https:' : url.protocol;
  return `${scheme}//${host}`;
}
