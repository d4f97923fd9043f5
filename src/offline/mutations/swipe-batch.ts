import { INTERACTION_BATCH_PATH, type InteractionBatchItem } from '../../../contract/interaction-batch';
import type { SendFn, SendResponse } from '../send';
import type { RecordOf } from './mutation';

/*
 * A run of queued swipes sent as one request (docs/decisions.md, 'Batched swipes'): the sync
 * engine's alone, kept apart from swipe.ts, which the event screens' first load carries.
 */

/** Sends a run of swipes as one batch; each item is the single call's body under its record's key. */
export function sendSwipeBatch(send: SendFn, swipes: RecordOf<'swipe'>[]): Promise<SendResponse> {
  const items: InteractionBatchItem[] = swipes.map((record) => ({
    key: record.id,
    type: record.payload.direction === 'right' ? 'POSITIVE' : 'NEGATIVE',
    toUserId: record.payload.toUserId,
    eventId: record.payload.eventId,
  }));
  return send({ method: 'POST', path: INTERACTION_BATCH_PATH, body: { items } });
}

/** The per-item answers of a batch (by lower-cased key) in the shape of single answers, or null when the body is not one. */
export function batchItemAnswers(response: SendResponse): Map<string, SendResponse> | null {
  const results = (response.body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return null;
  const answers = new Map<string, SendResponse>();
  for (const result of results as { key?: unknown; status?: unknown; body?: unknown }[]) {
    if (typeof result.key === 'string' && typeof result.status === 'number') {
      answers.set(result.key.toLowerCase(), { status: result.status, body: result.body ?? null, retryAfter: null });
    }
  }
  return answers;
}
