import type { Config } from '../../env';

/**
 * The server posts to whatever endpoint a member hands it, so where it may post is kept narrow:
 * browsers' push services are all https. Plain http is taken only while the server itself is not
 * served over https (a laptop, the tests' local push service), where nothing else is reachable
 * that is not reachable anyway.
 */
export function endpointAllowed(endpoint: string, config: Config): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && !config.APP_ORIGIN?.startsWith('https:');
}
