import type { QueryKey } from '@tanstack/react-query';
import { apiPath } from '../../../contract/api-routes';
import type { OutboxRecord } from '../db';
import { isWaitingLeave } from './event-overlay';
import { accepted, foldOverlay, waiting, type Mutation, type RecordOf } from './mutation';

/** Leaving an event the member is registered for (deleting one they created needs the network). */
export interface LeaveEventPayload {
  eventId: string;
  /** The event's name, for the notice if the server refuses. */
  name: string;
}

declare module '../db' {
  interface OutboxPayloads {
    'leave-event': LeaveEventPayload;
  }
}

/** What a delivered leave changes (wired in by the app from the event features). */
export interface LeaveEventCache {
  /** The queries that say whether the member is registered: the event, their events, the lists. */
  keys(eventId: string): QueryKey[];
  /** Writes the event as left into them (also what the screens showed since it was queued). */
  writeLeft(eventId: string): void;
  /** Tells the member that the server refused to let them leave. */
  refused(name: string): void;
}

/** The events a leave waits for (pending or being sent). */
export interface LeaveOverlay {
  waitingFor: Set<string>;
}

/** 404 from DELETE users/me/events/{id}: not registered, which is what the member asked for. */
const alreadyLeft = (status: number) => status === 404;

export const leaveEventMutation: Mutation<'leave-event', LeaveEventCache, LeaveOverlay> = {
  kind: 'leave-event',

  // Leaving twice is one leave.
  queue: (queued, payload) => {
    const same = queued.find((r): r is RecordOf<'leave-event'> => r.kind === 'leave-event' && r.payload.eventId === payload.eventId && waiting(r));
    return same ? { same } : { remove: [], payload };
  },

  request: (record, send) => send({ method: 'DELETE', path: apiPath('/users/me/events/:id', { id: record.payload.eventId }), idempotencyKey: record.id }),

  // Written at once when it was queued; the lists and the event are read again once the server has
  // it, so the service worker's copies are the server's too. Left elsewhere meanwhile, it is done.
  delivered: (record, answer, cache) => {
    const { eventId, name } = record.payload;
    if (accepted(answer) || alreadyLeft(answer.status)) return { keys: cache.keys(eventId), write: () => cache.writeLeft(eventId), readAgain: true };
    if (answer.outcome === 'fail') cache.refused(name);
    return null;
  },

  // The screens showed the event as left: the server's state is shown again under the notice.
  refused: (record, cache) => cache.keys(record.payload.eventId),

  overlay: (view, record) => {
    if (isWaitingLeave(record)) view.waitingFor.add(record.payload.eventId);
  },

  discardWhenRefused: true,
};

export const leaveOverlayOf = (records: readonly OutboxRecord[] | null): LeaveOverlay =>
  foldOverlay<LeaveOverlay>(records ?? [], { waitingFor: new Set() }, { 'leave-event': leaveEventMutation });
