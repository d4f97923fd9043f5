import { JOURNEY_TYPES, type JourneyType } from '../../../contract/chat';

/** The journeys as the screen names them. */
export const JOURNEY_LABELS: Record<JourneyType, string> = {
  DISCOVER_EVENTS: 'Discover events',
  PREPARE_FOR_EVENT: 'Prepare for an event',
  FOLLOW_UP: 'Follow up after an event',
};

export const JOURNEY_HINTS: Record<JourneyType, string> = {
  DISCOVER_EVENTS: "Find events by topic, city and time ('AI meetups in Stockholm next month').",
  PREPARE_FOR_EVENT: 'A goal and the five attendees most worth meeting at an event you attend.',
  FOLLOW_UP: 'A short message to each connection you made at an event.',
};

export function isJourneyType(value: string | null | undefined): value is JourneyType {
  return (JOURNEY_TYPES as readonly string[]).includes(value ?? '');
}

/** The link that starts a journey for an event (event detail's entry points). */
export function journeyHref(journeyType: JourneyType, eventId?: string): string {
  const params = new URLSearchParams({ journey: journeyType });
  if (eventId) params.set('eventId', eventId);
  return `/assistant?${params}`;
}
