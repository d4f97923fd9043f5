import * as v from 'valibot';
import type { LocationDisplay } from './events';

/** One card of the Meet Attendees deck: another registered attendee with a complete profile. */
export interface DeckCandidate {
  id: string;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
  role: string;
  story: string;
  location: string | null;
  locationDisplay: LocationDisplay | null;
  /** Their goal for this event. */
  goal: string | null;
}

/** GET events/{id}/attendees: one page of the deck; nextCursor is null on the last page. */
export interface DeckPage {
  attendees: DeckCandidate[];
  nextCursor: string | null;
}

export type InteractionType = 'POSITIVE' | 'NEGATIVE';

export interface InteractionUser {
  id: string;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
}

/** GET users/interactions/{eventId} items. */
export interface Interaction {
  id: string;
  type: InteractionType;
  eventId: string;
  toUser: InteractionUser;
  createdAt: string;
  /** True when this positive interaction already made a connection (it cannot be undone). */
  connected: boolean;
}

/** POST users/interactions/positive|negative answer. */
export interface InteractionResult {
  interaction: Interaction;
  /** Set on the swipe that completed a mutual like. */
  newConnection: InteractionUser | null;
}

/** GET users/connections items. */
export interface Connection extends InteractionUser {
  role: string | null;
  story: string | null;
  /** The member's place as their profile shows it ('{name}, {country name}' or their own text). */
  location: string | null;
  /** The event where the two met (a swipe there), if any. */
  eventId: string | null;
  eventName: string | null;
  /** When that event starts, with its name (null without one or without dates): before it, they have not met there yet. */
  eventStartsAt: string | null;
  connectedAt: string;
  /**
   * Beyond docs/product.md: contact details, which only connections see (this list holds nobody else), so
   * that a connection listed once can be called or mailed at a venue without network.
   */
  email: string;
  phone: string | null;
  linkedinUrl: string | null;
}

const uuid = v.pipe(v.string('Invalid id'), v.uuid('Invalid id'));

export const createInteractionSchema = v.object({
  toUserId: uuid,
  eventId: uuid,
});
export type CreateInteraction = v.InferInput<typeof createInteractionSchema>;

/** The Idempotency-Key header every replayable write carries: a UUID (the outbox record id). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_DAYS = 30;
