import type { OutboxRecord } from './db';

type SwipeRecord = Extract<OutboxRecord, { kind: 'swipe' }>;
type UndoRecord = Extract<OutboxRecord, { kind: 'undo-swipe' }>;
type GoalRecord = Extract<OutboxRecord, { kind: 'goal' }>;

/** The member's latest queued intent towards another attendee. */
export type QueuedIntent =
  /** A swipe waiting to be sent: the card stays out of the deck and the lists show it. */
  | { kind: 'swiped'; record: SwipeRecord }
  /** A swipe the server refused: out of the deck until discarded, in no list (it did not happen). */
  | { kind: 'swipe-failed'; record: SwipeRecord }
  /** An undo waiting to be sent: the interaction is gone from the lists and the person is back in the deck. */
  | { kind: 'undone'; record: UndoRecord };

/** What the queued records of one event change in what the member sees, until the server has them. */
export interface EventOverlay {
  /** By the other attendee's user id. */
  byUser: ReadonlyMap<string, QueuedIntent>;
  /** Server interactions whose undo waits, by interaction id (an undo may know only that). */
  undoneInteractionIds: ReadonlySet<string>;
  /** The newest goal waiting to be sent; undefined when none waits ('' clears the goal). */
  goal: string | undefined;
  /** The goal edit the server refused, if any. */
  failedGoal: GoalRecord | undefined;
}

const waiting = (record: OutboxRecord) => record.state === 'pending' || record.state === 'sending';

/**
 * Replays the event's records in queue order, so the latest intent wins (a pass, its undo and a
 * new connect of the same person show as the connect). A failed undo changes nothing: the server
 * still has the interaction.
 */
export function overlayOf(records: readonly OutboxRecord[]): EventOverlay {
  const byUser = new Map<string, QueuedIntent>();
  const undoneInteractionIds = new Set<string>();
  let goal: string | undefined;
  let failedGoal: GoalRecord | undefined;
  for (const record of [...records].sort((a, b) => a.createdAt - b.createdAt)) {
    switch (record.kind) {
      case 'swipe':
        byUser.set(record.payload.toUserId, waiting(record) ? { kind: 'swiped', record } : { kind: 'swipe-failed', record });
        break;
      case 'undo-swipe':
        if (!waiting(record)) break;
        if (record.payload.toUserId !== undefined) byUser.set(record.payload.toUserId, { kind: 'undone', record });
        if (record.payload.interactionId !== undefined) undoneInteractionIds.add(record.payload.interactionId);
        break;
      case 'goal':
        if (waiting(record)) {
          goal = record.payload.goal;
          failedGoal = undefined;
        } else {
          failedGoal = record;
        }
        break;
    }
  }
  return { byUser, undoneInteractionIds, goal, failedGoal };
}

export const EMPTY_OVERLAY: EventOverlay = overlayOf([]);
