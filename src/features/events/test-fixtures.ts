import type { AttendeeConnection, EventData, EventListItem, EventListResponse } from '../../../contract/events';

const DAY = 24 * 60 * 60 * 1000;

/** A UUID-shaped id from a number, as the API's ids are. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A visible event, by default upcoming (in 10 days) in Stockholm. */
export function makeEvent(n: number, overrides: Partial<EventData> = {}): EventListItem {
  const start = new Date(Date.now() + 10 * DAY);
  const eventData: EventData = {
    id: uuid(n),
    name: `Event ${n}`,
    description: '<p>About</p>',
    agenda: null,
    imageUrl: `/media/events/event-0${(n % 9) + 1}.svg`,
    dateTime: start.toISOString(),
    endDateTime: null,
    eventUrl: 'https://example.com',
    location: 'Main hall',
    locationDisplay: { name: 'Stockholm', country: 'SE' },
    organizer: { id: uuid(900), name: 'Organizer' },
    categoryIds: [],
    categories: [],
    eventTypeIds: [],
    eventTypes: [],
    sourceType: 'PARTNER',
    isProOnly: false,
    isPast: false,
    attendeeCount: 3,
    isRegistered: false,
    goal: null,
    createdByMe: false,
    ...overrides,
  };
  return { id: eventData.id, isProOnly: eventData.isProOnly, locationDisplay: eventData.locationDisplay, eventData };
}

/** A PRO-only event as a member without PRO gets it: preview only. */
export function makeLockedEvent(n: number): EventListItem {
  return {
    id: uuid(n),
    isProOnly: true,
    locationDisplay: { name: 'Zurich', country: 'CH' },
    previewData: {
      imageUrl: '/media/events/event-03.svg',
      dateTime: new Date(Date.now() + 40 * DAY).toISOString(),
      aiGeneratedBlurb: 'A creative gathering for designers.',
      location: 'Kongresshaus',
    },
  };
}

export function makePage(
  events: EventListItem[],
  {
    total = events.length,
    page = 1,
    limit = 10,
    connections = {},
  }: { total?: number; page?: number; limit?: number; connections?: Record<string, AttendeeConnection[]> } = {},
): EventListResponse {
  return { events, total, page, limit, attendeeConnections: connections, userSubscription: { hasProAccess: false } };
}
