import type { Config } from '../../env';
import { checkOutboundUrl, type OutboundPolicy, type ResolveHost } from '../outbound/address-guard';

/**
 * The push services browsers subscribe at: Chrome and Edge's (Firebase Cloud Messaging, and its
 * legacy GCM name), Firefox's, Safari's and the Windows notification service. A member hands the
 * server an endpoint that it will later post to, so only these are taken, plus the origins the
 * operator lists in PUSH_ALLOWED_ORIGINS.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export function pushEndpointPolicy(config: Config, resolve?: ResolveHost): OutboundPolicy {
  return { hosts: PUSH_SERVICE_HOSTS, trustedOrigins: config.PUSH_ALLOWED_ORIGINS, resolve };
}

/**
 * Why the endpoint may not be stored, or undefined: the guard's rules (https, a push service's
 * host, every address it resolves to public), checked when the member subscribes and again on
 * every send.
 */
export async function endpointProblem(endpoint: string, config: Config, resolve?: ResolveHost): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  return checkOutboundUrl(url, pushEndpointPolicy(config, resolve));
}
