import type { QueryKey } from '@tanstack/react-query';
import { apiPath } from '../../../contract/api-routes';
import type { InteractionResult } from '../../../contract/attendees';
import type { EventOverlayDraft } from './event-overlay';
import { accepted, waiting, type Mutation } from './mutation';

export type SwipeDirection = 'right' | 'left';

export interface SwipePayload {
  eventId: string;
  toUserId: string;
  direction: SwipeDirection;
}

declare module '../db' {
  interface OutboxPayloads {
    swipe: SwipePayload;
  }
}

/** What a delivered swipe writes, from the attendees feature (wired in by the app). */
export interface SwipeCache {
  /** The event's interactions list the sent swipe joins. */
  interactions(eventId: string): QueryKey;
  /** The member's connections, which a mutual like adds to. */
  connections(): QueryKey;
  /** Writes the answered interaction into the event's cached list. */
  writeSent(result: InteractionResult): void;
  /** A new connection is when notifications make sense: they are offered then. */
  offerNotifications(): void;
}

export const swipeMutation: Mutation<'swipe', SwipeCache, EventOverlayDraft> = {
  kind: 'swipe',

  request: (record, send) => {
    const { eventId, toUserId, direction } = record.payload;
    return send({
      method: 'POST',
      path: apiPath(direction === 'right' ? '/users/interactions/positive' : '/users/interactions/negative'),
      body: { toUserId, eventId },
      idempotencyKey: record.id,
    });
  },

  delivered: (_record, answer, cache) => {
    const result = accepted(answer) ? (answer.body as InteractionResult | null) : null;
    if (!result?.interaction) return null;
    return {
      keys: [cache.interactions(result.interaction.eventId), ...(result.newConnection ? [cache.connections()] : [])],
      write: () => {
        cache.writeSent(result);
        if (result.newConnection) cache.offerNotifications();
      },
    };
  },

  overlay: (view, record) => {
    view.byUser.set(record.payload.toUserId, waiting(record) ? { kind: 'swiped', record } : { kind: 'swipe-failed', record });
  },
};
