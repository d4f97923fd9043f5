/**
 * Shapes of the events API (docs/product.md sections 3 and 7). Types only: the shell imports them freely.
 * Validation schemas of event requests live in event-requests.ts (a member's own event: user-event-request.ts).
 */

export type EventSourceType = 'PARTNER' | 'PRO' | 'SCRAPED' | 'USER_ADDED';

/** Display of a known location: its name and 2-letter country code (shown as a country name). */
export interface LocationDisplay {
  name: string;
  country: string;
}

export interface Label {
  id: string;
  label: string;
}

/** Full data of an event the member may see. */
export interface EventData {
  id: string;
  name: string;
  /** HTML; the client sanitizes it before display. */
  description: string | null;
  agenda: string | null;
  imageUrl: string | null;
  dateTime: string | null;
  endDateTime: string | null;
  eventUrl: string | null;
  /** Free-text location, shown when there is no locationDisplay. */
  location: string | null;
  locationDisplay: LocationDisplay | null;
  organizer: { id: string; name: string } | null;
  categoryIds: string[];
  categories: Label[];
  eventTypeIds: string[];
  eventTypes: Label[];
  sourceType: EventSourceType;
  isProOnly: boolean;
  isPast: boolean;
  attendeeCount: number;
  /** Whether the signed-in member is registered; false for anonymous readers. */
  isRegistered: boolean;
  /** The member's own goal for this event, when registered. */
  goal: string | null;
  /** True when the member created this community event. */
  createdByMe: boolean;
  /**
   * An event's own page only (never in a list): true when the event has a mingle compilation
   * (a promotion points at it), GET events/{id}/mingle-compilation.
   */
  hasMingleCompilation?: boolean;
}

/**
 * What a list carries of an event: everything but the long texts, which only the event's own page
 * shows (GET /api/events/{id}); a list of ten events is a third of the bytes without them.
 */
export type EventSummary = Omit<EventData, 'description' | 'agenda' | 'eventUrl' | 'hasMingleCompilation'>;

/** What a member without PRO sees of a PRO-only event. */
export interface EventPreview {
  imageUrl: string | null;
  dateTime: string | null;
  aiGeneratedBlurb: string | null;
  location: string | null;
}

/**
 * One event in an answer that lists events. For a member without PRO, a PRO-only event they are
 * not registered at carries previewData and no eventData, on every endpoint.
 */
export interface EventListItem {
  id: string;
  isProOnly: boolean;
  locationDisplay: LocationDisplay | null;
  eventData?: EventSummary;
  previewData?: EventPreview;
  /**
   * In discovery lists only: a current or upcoming event whose name holds the server's featured
   * keyword (FEATURED_KEYWORD), which is why it leads the list; absent otherwise.
   */
  isFeatured?: true;
}

/** One event on its own (GET /api/events/{id}, the join page): as in a list, with the long texts. */
export interface EventItem extends Omit<EventListItem, 'eventData'> {
  eventData?: EventData;
}

/** A connection of the member who attends an event. */
export interface AttendeeConnection {
  id: string;
  firstName: string;
}

export interface EventListResponse {
  events: EventListItem[];
  total: number;
  page: number;
  limit: number;
  /** By event id; present when includeAttendeeConnections=true was asked. */
  attendeeConnections?: Record<string, AttendeeConnection[]>;
  userSubscription: { hasProAccess: boolean };
}

export interface Organizer {
  id: string;
  name: string;
  imageUrl: string | null;
  description: string | null;
  externalUrl: string | null;
}

/** GET categories and GET event-types: counts of visible upcoming events. */
export interface CountedLabel {
  id: string;
  label: string;
  count: number;
}

export interface Location {
  id: string;
  name: string;
  country: string;
  region: string | null;
  isCustom: boolean;
  createdAt: string;
  updatedAt: string;
  eventCount: number;
}

/** POST events/user-added answer. */
export interface CreatedEvent {
  id: string;
  joinSecret: string;
}

export interface JoinSecretResponse {
  secret: string;
}

/** Discovery page size and the keyword whose events sort first (docs/product.md section 9). */
export const DISCOVERY_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
