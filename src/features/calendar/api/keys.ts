/** Query keys of the calendar feature. */
export const calendarKeys = {
  all: ['calendar'] as const,
  /** The member's calendar feed URL (GET users/me/calendar-feed). */
  feed: () => [...calendarKeys.all, 'feed'] as const,
};
