import type { Query } from '@tanstack/react-query';
import { STORED_ANSWER_HEADER } from '../../../contract/sw-messages';
import { STORED_WAITING } from '../../../contract/late-answers';

/**
 * How fresh what the screens show is (docs/product.md, 'Freshness'), from the queries a screen
 * watches and the reads the service worker last answered from its stored copy
 * (src/lib/stored-answers.ts). While any watched query with data is asked again, or the worker
 * still awaits the network's answer to a read it answered from its copy, the screen is
 * updating; when a read was answered from a stored copy more than a minute old (the network failed
 * or hangs), when a watched query's last refresh failed, or when its data is older than a few
 * minutes, the screen shows data from an earlier time, which the line names.
 */

/** A stored copy younger than this counts as fresh: the network answered it moments ago. */
export const STORED_FRESH_MS = 60_000;
/** Data older than this is named even when nothing failed. */
export const OLD_AFTER_MS = 5 * 60_000;

export type Freshness = { kind: 'fresh' } | { kind: 'updating' } | { kind: 'old'; since: number };

/** The queries a screen shows: watched, with data (not the member's own null of a signed-out page). */
export function shownQueries(queries: readonly Query[]): Query[] {
  return queries.filter((query) => query.getObserversCount() > 0 && query.state.data !== undefined && query.state.data !== null);
}

/** When the data of what the screens show was written, for what is older than it should be; none when all is fresh. */
function oldSince(queries: readonly Query[], stored: ReadonlyMap<string, Headers>, now: number): number[] {
  const times = [...stored.values()].map((headers) => Date.parse(headers.get('Date') ?? '') || 0).filter((at) => now - at > STORED_FRESH_MS);
  for (const query of queries) {
    const { error, dataUpdatedAt } = query.state;
    if (error !== null || now - dataUpdatedAt > OLD_AFTER_MS) times.push(dataUpdatedAt);
  }
  return times;
}

export function freshnessOf(queries: readonly Query[], stored: ReadonlyMap<string, Headers>, now: number): Freshness {
  const shown = shownQueries(queries);
  const waiting = [...stored.values()].some((headers) => headers.get(STORED_ANSWER_HEADER) === STORED_WAITING);
  if (waiting || shown.some((query) => query.state.fetchStatus === 'fetching')) return { kind: 'updating' };
  const old = oldSince(shown, stored, now);
  return old.length === 0 ? { kind: 'fresh' } : { kind: 'old', since: Math.min(...old) };
}
