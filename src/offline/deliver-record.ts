import { INTERACTION_BATCH_PATH, type InteractionBatchItem } from '../../contract/interaction-batch';
import type { OutboxRecord } from './db';
import { classifyStatus } from './retry';
import type { SendFn, SendResponse } from './send';

/** The answer of a record whose wish already holds (an undo of something that is not there). */
export const NOTHING_TO_DO: SendResponse = { status: 204, body: null, retryAfter: null };

function interactionsOf(body: unknown): { id: string; toUser?: { id?: string } }[] {
  if (Array.isArray(body)) return body as { id: string; toUser?: { id?: string } }[];
  if (typeof body === 'object' && body !== null) {
    const list = Object.values(body).find(Array.isArray);
    if (list) return list as { id: string; toUser?: { id?: string } }[];
  }
  return [];
}

/** POST users/{id}/connect/{secret}: connects at once through the member's share link. */
export const connectPath = (userId: string, secret: string) => `users/${encodeURIComponent(userId)}/connect/${encodeURIComponent(secret)}`;

/** Sends one record's request(s); an undo that only knows the other member looks the interaction up. */
export async function deliverRecord(send: SendFn, record: OutboxRecord): Promise<SendResponse> {
  switch (record.kind) {
    case 'swipe': {
      const { eventId, toUserId, direction } = record.payload;
      return send({
        method: 'POST',
        path: `users/interactions/${direction === 'right' ? 'positive' : 'negative'}`,
        body: { toUserId, eventId },
        idempotencyKey: record.id,
      });
    }
    case 'undo-swipe': {
      let { interactionId } = record.payload;
      if (interactionId === undefined) {
        const listed = await send({ method: 'GET', path: `users/interactions/${record.payload.eventId}` });
        if (classifyStatus(listed.status) !== 'done') return listed;
        interactionId = interactionsOf(listed.body).find((i) => i.toUser?.id === record.payload.toUserId)?.id;
        // No interaction with them: the state the member asked for already holds.
        if (interactionId === undefined) return NOTHING_TO_DO;
      }
      const deleted = await send({ method: 'DELETE', path: `users/interactions/${interactionId}`, idempotencyKey: record.id });
      // Already gone is what an undo wants.
      return deleted.status === 404 ? NOTHING_TO_DO : deleted;
    }
    case 'goal':
      return send({
        method: 'PATCH',
        path: `events/${record.payload.eventId}/attendee`,
        body: { goal: record.payload.goal },
        idempotencyKey: record.id,
      });
    case 'profile':
      return send({ method: 'PATCH', path: 'users/me', body: record.payload.changes, idempotencyKey: record.id });
    case 'connection-note':
      return send({
        method: 'PUT',
        path: `users/${encodeURIComponent(record.payload.aboutUserId)}/note`,
        body: { note: record.payload.note },
        idempotencyKey: record.id,
      });
    case 'connect':
      return send({
        method: 'POST',
        path: connectPath(record.payload.userId, record.payload.secret),
        idempotencyKey: record.id,
      });
  }
}

export type SwipeRecord = OutboxRecord & { kind: 'swipe' };

/** Sends a run of swipes as one batch; each item is the single call's body under its record's key. */
export function sendSwipeBatch(send: SendFn, swipes: SwipeRecord[]): Promise<SendResponse> {
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
