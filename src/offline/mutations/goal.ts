import { apiPath } from '../../../contract/api-routes';
import type { QueryKey } from '@tanstack/react-query';
import type { EventOverlayDraft } from './event-overlay';
import { accepted, waiting, type Mutation } from './mutation';

export interface GoalPayload {
  eventId: string;
  goal: string;
}

declare module '../db' {
  interface OutboxPayloads {
    goal: GoalPayload;
  }
}

/** What a delivered goal writes, from the event-detail feature (wired in by the app). */
export interface GoalCache {
  event(eventId: string): QueryKey;
  writeGoal(eventId: string, goal: string | null): void;
}

export const goalMutation: Mutation<'goal', GoalCache, EventOverlayDraft> = {
  kind: 'goal',

  // The newest goal replaces one still waiting; one already being sent stays and this follows it.
  queue: (queued, payload) => ({
    remove: queued.filter((r) => r.kind === 'goal' && r.payload.eventId === payload.eventId && r.state !== 'sending'),
    payload,
  }),

  request: (record, send) =>
    send({
      method: 'PATCH',
      path: apiPath('/events/:id/attendee', { id: record.payload.eventId }),
      body: { goal: record.payload.goal },
      idempotencyKey: record.id,
    }),

  delivered: (record, answer, cache) => {
    if (!accepted(answer)) return null;
    const { eventId } = record.payload;
    // The server's goal when it answered one, else the goal sent.
    const answered = (answer.body as { goal?: string | null } | null)?.goal;
    return { keys: [cache.event(eventId)], write: () => cache.writeGoal(eventId, answered !== undefined ? answered : record.payload.goal) };
  },

  // The cached event holds the refused goal (written at once on Save): the server's is shown again.
  refused: (record, cache) => [cache.event(record.payload.eventId)],

  /** The newest waiting goal shows; a refused one shows as refused until a newer one waits. */
  overlay: (view, record) => {
    if (waiting(record)) {
      view.goal = record.payload.goal;
      view.failedGoal = undefined;
    } else {
      view.failedGoal = record;
    }
  },
};
