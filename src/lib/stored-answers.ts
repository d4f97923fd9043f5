import { STORED_ANSWER_HEADER } from '../../contract/sw-messages';

/**
 * The reads the service worker last answered from its stored copy (the network failed or did not
 * answer in time), by path, with when the server wrote that copy (ms; NaN when unknown); a live
 * answer to the path removes it. Read by the freshness line (src/features/freshness), which says
 * how old what the screens show is. As small as it can be: every first screen loads it.
 */
export const storedAnswers = new Map<string, number>();

/** Notes the answer to GET `path`: stored (its headers say so) or live. */
export function noteAnswer(path: string, headers: Headers): void {
  if (headers.has(STORED_ANSWER_HEADER)) storedAnswers.set(path, Date.parse(headers.get('Date')!));
  else storedAnswers.delete(path);
}
