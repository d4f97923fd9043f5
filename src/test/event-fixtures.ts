import type { EventData, EventListItem } from '../../contract/events';

/** An event as the API gives it to a member who may see it in full; upcoming, not registered. */
export function makeEventData(overrides: Partial<EventData> = {}): EventData {
  return {
    id: 'e1',
    name: 'Nordic Product Summit',
    description: '<p>Two days of talks on product work.</p>',
    agenda: null,
    imageUrl: '/media/events/event-01.svg',
    dateTime: '2030-03-05T09:00:00.000Z',
    endDateTime: '2030-03-05T17:00:00.000Z',
    eventUrl: 'https://summit.example/2030',
    location: null,
    locationDisplay: { name: 'Stockholm', country: 'SE' },
    organizer: { id: 'o1', name: 'Nordic Product Guild' },
    categoryIds: ['c1'],
    categories: [{ id: 'c1', label: 'Product Management' }],
    eventTypeIds: [],
    eventTypes: [],
    sourceType: 'PARTNER',
    isProOnly: false,
    isPast: false,
    attendeeCount: 12,
    isRegistered: false,
    goal: null,
    createdByMe: false,
    ...overrides,
  };
}

/** The list item wrapping a full event. */
export function makeEventItem(overrides: Partial<EventData> = {}): EventListItem {
  const eventData = makeEventData(overrides);
  return { id: eventData.id, isProOnly: eventData.isProOnly, locationDisplay: eventData.locationDisplay, eventData };
}

/** A PRO-only event as a member without PRO sees it: the preview only. */
export function makeLockedItem(id = 'e9'): EventListItem {
  return {
    id,
    isProOnly: true,
    locationDisplay: { name: 'Zurich', country: 'CH' },
    previewData: {
      imageUrl: '/media/events/event-02.svg',
      dateTime: '2030-06-10T08:00:00.000Z',
      aiGeneratedBlurb: 'A festival of creative technology with workshops and talks.',
      location: 'Zurich',
    },
  };
}
