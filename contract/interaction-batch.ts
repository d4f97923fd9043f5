import * as v from 'valibot';
import { apiPath } from './api-routes';

/**
 * POST users/interactions/batch (docs/decisions.md, 'Batched swipes'): the outbox delivers a run of
 * queued swipes in one request. Each item carries the Idempotency-Key of its outbox record and is
 * answered exactly as POST users/interactions/positive|negative with that key would answer it, so
 * a batch item and a later single replay of the same key agree.
 */

export const INTERACTION_BATCH_PATH = apiPath('/users/interactions/batch');
/** Items per batch; the outbox claims at most this many swipes at a time. */
export const INTERACTION_BATCH_MAX = 100;

const uuid = v.pipe(v.string('Invalid id'), v.uuid('Invalid id'));

// 'Invalid item' for a non-object: valibot's default message quotes the input back (found by the fuzz suite).
export const interactionBatchItemSchema = v.object(
  {
    key: uuid,
    type: v.picklist(['POSITIVE', 'NEGATIVE'], 'Invalid type'),
    toUserId: uuid,
    eventId: uuid,
  },
  'Invalid item',
);
export type InteractionBatchItem = v.InferInput<typeof interactionBatchItemSchema>;

export const interactionBatchSchema = v.object({
  items: v.pipe(
    v.array(interactionBatchItemSchema, 'Invalid items'),
    v.minLength(1, 'No items'),
    v.maxLength(INTERACTION_BATCH_MAX, `At most ${INTERACTION_BATCH_MAX} items`),
  ),
});
export type InteractionBatch = v.InferInput<typeof interactionBatchSchema>;

/** One item's answer: the status and JSON body the single call would have answered. */
export interface InteractionBatchResult {
  key: string;
  status: number;
  body: unknown;
}

/** The batch's answer (200), in the order of the items. */
export interface InteractionBatchAnswer {
  results: InteractionBatchResult[];
}
