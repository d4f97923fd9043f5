import { STORED_ANSWER_HEADER } from '../../contract/sw-messages';

/**
 * The reads the service worker last answered from its stored copy (the network failed or hung), by
 * URL, with that answer's headers (its Date: when the server wrote the copy; STORED_ANSWER_HEADER:
 * whether the network's answer is still awaited); a live answer to the URL removes it. Read by the
 * freshness line (src/features/freshness), which says how fresh what the screens show is. As small
 * as it can be: every first screen loads it.
 */
export const storedAnswers = new Map<string, Headers>();

/** Notes the answer to a GET: stored (its headers say so) or live. */
export function noteAnswer(response: Response): void {
  if (response.headers.has(STORED_ANSWER_HEADER)) storedAnswers.set(response.url, response.headers);
  else storedAnswers.delete(response.url);
}
