import type { DeckCandidate, Interaction, InteractionType, InteractionUser } from '../../../contract/attendees';
import type { EventOverlay } from '../../offline/mutations/event-overlay';

/**
 * What the member sees of the deck and of their interactions: the server's data with the queued
 * outbox records laid over it, so the screen is the same before and after the records reach the
 * server, also after an offline reload.
 */

/**
 * The deck's cards: the loaded candidates minus everyone the member swiped here, has a queued or
 * refused swipe for, or already has an interaction with (the cached deck may predate it), unless
 * an undo of it waits: then they are back.
 */
export function visibleCandidates(
  candidates: readonly DeckCandidate[],
  overlay: EventOverlay,
  interactions: readonly Interaction[] | undefined,
  swipedHere: ReadonlySet<string>,
): DeckCandidate[] {
  const interacted = new Set((interactions ?? []).filter((i) => !overlay.undoneInteractionIds.has(i.id)).map((i) => i.toUser.id));
  return candidates.filter((candidate) => {
    if (swipedHere.has(candidate.id)) return false;
    const intent = overlay.byUser.get(candidate.id);
    if (intent) return intent.kind === 'undone';
    return !interacted.has(candidate.id);
  });
}

export interface InteractionRow {
  key: string;
  type: InteractionType;
  toUser: InteractionUser;
  /** The server's interaction id; absent for a swipe still queued. */
  interactionId?: string;
}

const UNKNOWN_PERSON = 'Attendee';

/**
 * 'Interested In' and 'Passed' rows, newest first: queued swipes (named from the deck), then the
 * server's interactions that are not connected, not being undone and not replaced by a newer
 * queued swipe. A refused swipe is in no list: it did not happen.
 */
export function interactionRows(interactions: readonly Interaction[], overlay: EventOverlay, people: ReadonlyMap<string, InteractionUser>): InteractionRow[] {
  const queued = [...overlay.byUser]
    .flatMap(([userId, intent]) => (intent.kind === 'swiped' ? [{ userId, record: intent.record }] : []))
    .sort((a, b) => b.record.createdAt - a.record.createdAt)
    .map(({ userId, record }): InteractionRow => ({
      key: record.id,
      type: record.payload.direction === 'right' ? 'POSITIVE' : 'NEGATIVE',
      toUser: people.get(userId) ?? { id: userId, firstName: UNKNOWN_PERSON, lastName: '', imageUrl: null },
    }));
  const sent = interactions
    .filter((item) => !(item.type === 'POSITIVE' && item.connected))
    .filter((item) => !overlay.undoneInteractionIds.has(item.id))
    .filter((item) => {
      const intent = overlay.byUser.get(item.toUser.id);
      return !intent || intent.kind === 'swipe-failed';
    })
    .map((item) => ({ key: item.id, type: item.type, toUser: item.toUser, interactionId: item.id }));
  return [...queued, ...sent];
}

/** Everyone the screen can name: the deck's candidates and the people of the member's interactions. */
export function peopleOf(candidates: readonly DeckCandidate[], interactions: readonly Interaction[] | undefined): Map<string, InteractionUser> {
  const people = new Map<string, InteractionUser>();
  for (const i of interactions ?? []) people.set(i.toUser.id, i.toUser);
  for (const c of candidates) people.set(c.id, { id: c.id, firstName: c.firstName, lastName: c.lastName, imageUrl: c.imageUrl });
  return people;
}
