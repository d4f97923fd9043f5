import type { OutboxRecord } from '../db';
import { waiting, type RecordOf } from './mutation';

/** The member's latest queued intent towards another attendee. */
export type QueuedIntent =
  /** A swipe waiting to be sent: the card stays out of the deck and the lists show it. */
  | { kind: 'swiped'; record: RecordOf<'swipe'> }
  /** A swipe the server refused: out of the deck until discarded, in no list (it did not happen). */
  | { kind: 'swipe-failed'; record: RecordOf<'swipe'> }
  /** An undo waiting to be sent: the interaction is gone from the lists and the person is back in the deck. */
  | { kind: 'undone'; record: RecordOf<'undo-swipe'> };

/** What the queued records of one event change in what the member sees, until the server has them. */
export interface EventOverlay {
  /** By the other attendee's user id. */
  byUser: ReadonlyMap<string, QueuedIntent>;
  /** Server interactions whose undo waits, by interaction id (an undo may know only that). */
  undoneInteractionIds: ReadonlySet<string>;
  /** The newest goal waiting to be sent; undefined when none waits ('' clears the goal). */
  goal: string | undefined;
  /** The goal edit the server refused, if any. */
  failedGoal: RecordOf<'goal'> | undefined;
}

/** The event overlay while the event's records are folded into it. */
export interface EventOverlayDraft extends EventOverlay {
  byUser: Map<string, QueuedIntent>;
  undoneInteractionIds: Set<string>;
}

export const emptyEventOverlay = (): EventOverlayDraft => ({
  byUser: new Map(),
  undoneInteractionIds: new Set(),
  goal: undefined,
  failedGoal: undefined,
});

/**
 * A leave of the event (any event without `eventId`) queued on this device and not refused: the
 * event's page says it waits (mutations/leave-event.ts). Here, with the event screens' code, so that
 * page needs no file of its own for it.
 */
export const isWaitingLeave = (record: OutboxRecord, eventId?: string): record is RecordOf<'leave-event'> =>
  record.kind === 'leave-event' && waiting(record) && (eventId === undefined || record.payload.eventId === eventId);
