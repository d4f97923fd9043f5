import type { QueryKey } from '@tanstack/react-query';
import { apiPath } from '../../../contract/api-routes';
import type { SendResponse } from '../send';
import type { EventOverlayDraft } from './event-overlay';
import { accepted, waiting, type Mutation, type RecordOf } from './mutation';

/** An undo knows the interaction id when the swipe was already sent, otherwise only the other user. */
export type UndoPayload = { eventId: string } & ({ interactionId: string; toUserId?: string } | { toUserId: string; interactionId?: string });

declare module '../db' {
  interface OutboxPayloads {
    'undo-swipe': UndoPayload;
  }
}

/** What a delivered undo writes, from the attendees feature (wired in by the app). */
export interface UndoSwipeCache {
  /** Every event's interactions list (the undo may know only the interaction's id). */
  interactions(): QueryKey;
  /** Removes the interaction from the cached lists: by its id, else the event's one with that member. */
  writeDeleted(undone: { eventId: string; interactionId?: string; toUserId?: string }): void;
}

/** The answer of a record whose wish already holds (an undo of something that is not there). */
export const NOTHING_TO_DO: SendResponse = { status: 204, body: null, retryAfter: null };

type Listed = { id: string; toUser?: { id?: string } };

function interactionsOf(body: unknown): Listed[] {
  if (Array.isArray(body)) return body as Listed[];
  if (typeof body === 'object' && body !== null) {
    const list = Object.values(body).find(Array.isArray);
    if (list) return list as Listed[];
  }
  return [];
}

export const undoSwipeMutation: Mutation<'undo-swipe', UndoSwipeCache, EventOverlayDraft, true> = {
  kind: 'undo-swipe',

  // Latest intent wins: a swipe the server has not seen is simply forgotten.
  queue: (queued, payload) => {
    const swipes = queued.filter(
      (r): r is RecordOf<'swipe'> =>
        r.kind === 'swipe' && r.payload.eventId === payload.eventId && r.payload.toUserId === payload.toUserId && r.state !== 'sending',
    );
    return swipes.length > 0 ? { remove: swipes, cancelled: true } : { remove: [], payload };
  },

  /** An undo that only knows the other member looks the interaction up first. */
  request: async (record, send) => {
    let { interactionId } = record.payload;
    if (interactionId === undefined) {
      const listed = await send({ method: 'GET', path: apiPath('/users/interactions/:eventId', { eventId: record.payload.eventId }) });
      if (listed.status < 200 || listed.status >= 300) return listed;
      interactionId = interactionsOf(listed.body).find((i) => i.toUser?.id === record.payload.toUserId)?.id;
      // No interaction with them: the state the member asked for already holds.
      if (interactionId === undefined) return NOTHING_TO_DO;
    }
    const deleted = await send({ method: 'DELETE', path: apiPath('/users/interactions/:id', { id: interactionId }), idempotencyKey: record.id });
    // Already gone is what an undo wants.
    return deleted.status === 404 ? NOTHING_TO_DO : deleted;
  },

  delivered: (record, answer, cache) => (accepted(answer) ? { keys: [cache.interactions()], write: () => cache.writeDeleted(record.payload) } : null),

  /** A failed undo changes nothing: the server still has the interaction. */
  overlay: (view, record) => {
    if (!waiting(record)) return;
    if (record.payload.toUserId !== undefined) view.byUser.set(record.payload.toUserId, { kind: 'undone', record });
    if (record.payload.interactionId !== undefined) view.undoneInteractionIds.add(record.payload.interactionId);
  },
};
