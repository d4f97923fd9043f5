/** Retry policy of the sync engine: exponential backoff with full jitter, and Retry-After. */

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** A Retry-After further away than this is clamped (a broken header must not park the outbox for days). */
export const RETRY_AFTER_MAX_MS = 60 * 60_000;

/**
 * The wait before the next try after `attempts` failures (1 for the first): a uniformly random
 * time in [0, min(cap, base * 2^(attempts-1))) ("full jitter"); random() is in [0, 1).
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.floor(random() * ceiling);
}

/** Retry-After as a delay in ms from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, RETRY_AFTER_MAX_MS);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(0, date - now), RETRY_AFTER_MAX_MS);
}

/** The least spread of retries after one Retry-After, so that a room of phones does not return in one instant. */
export const RETRY_AFTER_SPREAD_MIN_MS = 1_000;

/**
 * The wait after an answer that said Retry-After: never sooner than the server asked, and later by
 * a random part of up to half that time (at least a second). When the Wi-Fi of a venue comes back,
 * every phone hears the same Retry-After at nearly the same moment; without the spread they would
 * all return together and be turned away together again.
 */
export function retryAfterDelay(retryAfterMs: number, random: () => number = Math.random): number {
  return retryAfterMs + Math.floor(random() * Math.max(RETRY_AFTER_SPREAD_MIN_MS, retryAfterMs / 2));
}

export type Outcome = 'done' | 'retry' | 'pause' | 'fail';

/** What a status means for a record: 2xx done, 401 pause, network/408/429/5xx retry, other 4xx fail. */
export function classifyStatus(status: number): Outcome {
  if (status >= 200 && status < 300) return 'done';
  if (status === 401) return 'pause';
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'fail';
}
