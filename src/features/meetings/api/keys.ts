/** Query keys of the meetings feature. */
export const meetingsKeys = {
  all: ['meetings'] as const,
  /** The member's meetings at every event. */
  list: () => [...meetingsKeys.all, 'list'] as const,
  /** The member's meetings at one event. */
  atEvent: (eventId: string) => [...meetingsKeys.all, 'event', eventId] as const,
  one: (meetingId: string) => [...meetingsKeys.all, 'one', meetingId] as const,
  /** When meetings may be held at the event, and who is free ('' without another member). */
  availability: (eventId: string, withUserId: string) => [...meetingsKeys.all, 'availability', eventId, withUserId] as const,
};
