/**
 * What the page and the service worker say to each other (postMessage and Background Sync), and the
 * one cache name both sides need. Both src/ and sw/ import this file; neither imports the other.
 */

/** The Background Sync tag the page registers when work is queued; the worker answers its 'sync'. */
export const OUTBOX_SYNC_TAG = 'outbox-sync';

/** Worker -> page `{ type }`: the outbox should be drained now (sent on a Background Sync). */
export const OUTBOX_SYNC_MESSAGE = 'outbox-sync';

/**
 * Page -> worker `{ type }`: empty the API cache (it holds one member's answers). When the message
 * carries a MessagePort, the worker answers on it with API_CACHES_CLEARED_MESSAGE once done.
 */
export const CLEAR_API_CACHES_MESSAGE = 'clear-api-caches';
export const API_CACHES_CLEARED_MESSAGE = 'api-caches-cleared';

/**
 * Every version of the worker's API cache is named with this prefix (`mingle-api-v1` ...), so a page
 * can delete them itself, whatever worker version wrote them.
 */
export const API_CACHE_PREFIX = 'mingle-api-';

/**
 * Worker -> page: a header the worker adds to an API answer it gave from its stored copy, valued as
 * contract/late-answers.ts says (whether the network's answer is still awaited). The answer's own
 * Date header is when the server wrote it.
 */
export const STORED_ANSWER_HEADER = 'X-Mingle-Stored';

/** The `type` of a `{ type: string }` message, or undefined for anything else. */
export function messageType(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const type = (data as { type?: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}
