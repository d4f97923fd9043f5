import { IDEMPOTENCY_ERRORS } from '../../contract/errors';
import type { OutboxRecord } from './db';
import { backoffDelay, classifyStatus, parseRetryAfter, retryAfterDelay } from './retry';
import type { SendResponse } from './send';

/** What an answer does to a record, before it is written: the outcome rules of docs/architecture.md. */
export type RecordChange =
  | { kind: 'done' }
  | { kind: 'pause'; changes: Partial<OutboxRecord> }
  | { kind: 'fail'; changes: Partial<OutboxRecord>; reason: string }
  | { kind: 'retry'; changes: Partial<OutboxRecord> };

/** The reason shown on a record: the server's own error message when it gave one. */
export function reasonOf(response: SendResponse): string {
  const body = response.body;
  if (typeof body === 'object' && body !== null) {
    const error = (body as Record<string, unknown>).error;
    if (typeof error === 'string' && error !== '') return error;
  }
  return response.status === 0 ? 'The server could not be reached.' : `The server refused this change (${response.status}).`;
}

export interface OutcomeClock {
  now: number;
  /** In [0, 1); the jitter of the backoff. */
  random: () => number;
  /** A delay chosen by the caller (one for a whole batch) instead of this record's own backoff. */
  delayMs?: number;
}

export function recordChange(record: OutboxRecord, response: SendResponse, clock: OutcomeClock): RecordChange {
  // The same key is still being applied by an earlier send (a replay overlapping the original):
  // not a refusal, the answer will be there in a moment.
  const inProgress = response.status === 409 && reasonOf(response) === IDEMPOTENCY_ERRORS.inProgress;
  const outcome = inProgress ? 'retry' : classifyStatus(response.status);
  if (outcome === 'done') return { kind: 'done' };
  if (outcome === 'pause') return { kind: 'pause', changes: { state: 'pending', lastError: reasonOf(response) } };
  if (outcome === 'fail') {
    const reason = reasonOf(response);
    return { kind: 'fail', reason, changes: { state: 'failed', lastError: reason, failureStatus: response.status } };
  }
  const attempts = record.attempts + 1;
  const retryAfter = response.status === 429 || response.status === 503 || inProgress ? parseRetryAfter(response.retryAfter, clock.now) : null;
  const delay = retryAfter !== null ? retryAfterDelay(retryAfter, clock.random) : (clock.delayMs ?? backoffDelay(attempts, clock.random));
  return {
    kind: 'retry',
    changes: { state: 'pending', attempts, nextAttemptAt: clock.now + delay, lastError: reasonOf(response), lastStatus: response.status },
  };
}
