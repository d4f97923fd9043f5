/**
 * Taking events home (docs/product.md section 12): one event as an .ics file, and a member's calendar
 * feed at a secret URL. Types and texts only: no schema reads these from a body.
 */

/** GET users/me/calendar-feed and POST users/me/calendar-feed/rotate: the https URL of the feed. */
export interface CalendarFeedResponse {
  url: string;
}

export const CALENDAR_ERRORS = {
  /** GET events/{id}/calendar.ics of an event that has no start yet: there is nothing to put in a calendar. */
  noDate: 'This event has no date yet',
} as const;
