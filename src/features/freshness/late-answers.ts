import { STORED_ANSWER_HEADER } from '../../../contract/sw-messages';
import { STORED_FAILED, type LateAnswer } from '../../../contract/late-answers';
import { storedAnswers } from '../../lib/stored-answers';

const listeners = new Set<() => void>();

/** Calls `listener` whenever a stored answer stops waiting for the network; returns the unsubscribe. */
export function onStoredAnswersSettled(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What the worker said of a read it answered from its copy while the network hung: its answer came,
 * the same as the copy or changed (the copy shown is now as fresh as the network's: what changed is
 * read again by the caller), or it failed (the copy stands, no longer awaiting anything).
 */
export function settleLateAnswer({ url, outcome }: LateAnswer): void {
  const headers = storedAnswers.get(url);
  if (!headers) return;
  if (outcome === 'failed') {
    const settled = new Headers(headers);
    settled.set(STORED_ANSWER_HEADER, STORED_FAILED);
    storedAnswers.set(url, settled);
  } else {
    storedAnswers.delete(url);
  }
  for (const listener of listeners) listener();
}
