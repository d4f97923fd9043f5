import type { QueryState } from '@tanstack/react-query';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_DATA_MAX_AGE_MS, type FirstScreenAnswer } from '../../contract/first-screen';

/**
 * The answers the server embedded in the page for its first screen (contract/first-screen.ts),
 * taken by the api client instead of asking the network for the same path. Each is taken once,
 * only in the first seconds of the page, and none after the first write (sign-in, log-out, a
 * join...): from then on what the server knew when it sent the page may be out of date, or
 * belong to another member.
 */

let answers: Map<string, unknown> | null = null;
/** Whether this page came with answers at all (a page the service worker answered has none). */
let carried = false;
/** The answers handed out, by identity: a query shows the page's answer only if its data is one of these. */
const taken = new WeakSet<object>();

function embedded(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_DATA_ID);
  if (element?.textContent) {
    try {
      for (const { path, body } of JSON.parse(element.textContent) as FirstScreenAnswer[]) answers.set(path, body);
      carried = answers.size > 0;
    } catch {
      // Unreadable: the app asks the network, as without it.
    }
  }
  element?.remove();
  return answers;
}

/** The embedded answer for `path` (as the app asks it, without /api/), once; undefined without one. */
export function takeFirstScreenAnswer(path: string): unknown {
  const all = embedded();
  if (all.size === 0) return undefined;
  if (performance.now() > FIRST_SCREEN_DATA_MAX_AGE_MS) {
    all.clear();
    return undefined;
  }
  const body = all.get(path);
  all.delete(path);
  if (typeof body === 'object' && body !== null) taken.add(body);
  return body;
}

/** True when the page carries answers not taken yet (the server announced its first screen). */
export function hasFirstScreenAnswers(): boolean {
  return embedded().size > 0;
}

/** Forgets every answer not taken yet. */
export function discardFirstScreenAnswers(): void {
  embedded().clear();
}

/**
 * A query's initialData from the embedded answer for `path`, taken when the query is created: the
 * first render then shows the answer, instead of a loading state and a second render once the
 * fetcher's promise settles. Only for queries whose data stays fresh a while (a query stale at once
 * would ask the network again on mount, for an answer it already has).
 */
export function firstScreenInitialData<T>(path: string): () => T | undefined {
  return () => takeFirstScreenAnswer(path) as T | undefined;
}

/**
 * refetchOnMount for a query that must be fresh whenever its screen opens ('always'), except when
 * its data is the page's embedded answer taken moments ago (initialData, never fetched since, within
 * FIRST_SCREEN_DATA_MAX_AGE_MS): the server wrote that answer while it sent the page, so it is as
 * fresh as a request made now, and asking again would only delay the first screen. Only on a page
 * that carried answers: an answer restored from the persisted cache may look the same (an earlier
 * page's answer, moments ago) and must be asked again.
 */
export function refetchOnMountUnlessPageAnswer(query: { state: Pick<QueryState, 'data' | 'dataUpdateCount' | 'dataUpdatedAt'> }): boolean | 'always' {
  const { data, dataUpdateCount, dataUpdatedAt } = query.state;
  embedded();
  // Data restored from the persisted cache moments ago looks the same, but it is an earlier page's:
  // only the very answer this page carried is left unasked.
  const pageAnswer = typeof data === 'object' && data !== null && taken.has(data);
  return carried && pageAnswer && dataUpdateCount === 0 && Date.now() - dataUpdatedAt < FIRST_SCREEN_DATA_MAX_AGE_MS ? false : 'always';
}
