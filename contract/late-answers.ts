/**
 * What the service worker tells the page of a read it answered from its stored copy while the
 * network hung or failed. Apart from sw-messages.ts because only code loaded after the first screen
 * reads it: the first screens' bundle carries none of it.
 */

/** STORED_ANSWER_HEADER's value when the network's answer is still awaited: LATE_ANSWER_MESSAGE follows. */
export const STORED_WAITING = 'waiting';
/** STORED_ANSWER_HEADER's value when the network failed: nothing follows. */
export const STORED_FAILED = 'failed';

/**
 * Worker -> page `{ type, url, outcome }`: the network's answer to a read that was given a stored
 * copy while the network hung has come: 'changed' (stored now: reading it again gets it), 'same' as
 * the copy given, or 'failed' (an error, or no answer at all).
 */
export const LATE_ANSWER_MESSAGE = 'api-late-answer';
export type LateAnswerOutcome = 'changed' | 'same' | 'failed';
export interface LateAnswer {
  type: typeof LATE_ANSWER_MESSAGE;
  url: string;
  outcome: LateAnswerOutcome;
}
