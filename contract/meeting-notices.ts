/**
 * What meetings tell their members beyond the API's answers (docs/product.md, 'Meetings'): the
 * calendar file of a meeting, the notes of meetings Mingle closed, and the name shown for a member
 * who deleted their account. Types and texts only: no schema reads these from a body.
 *
 *   GET meetings/{id}/calendar.ics   the meeting as an iCalendar file (UID meeting-{id}@mingle,
 *                                    SEQUENCE the meeting's `sequence`; STATUS:CANCELLED once
 *                                    cancelled): 200 text/calendar for a meeting that was accepted,
 *                                    409 MEETING_CALENDAR_ERRORS.neverAccepted for one that never
 *                                    was, 404 for anyone but its two members
 *
 * The member's calendar feed (GET calendar/{secret}.ics) lists the same entries next to their events.
 */

export const MEETING_CALENDAR_ERRORS = {
  /** A request, a declined or expired one, or one withdrawn before anyone accepted: never in a calendar. */
  neverAccepted: 'Only an accepted meeting can be added to a calendar',
} as const;

export const MEETING_CALENDAR_ERROR_CODE = 'meeting_not_accepted';

/** Shown in place of the name of a member who deleted their account. */
export const DELETED_MEMBER_NAME = 'Deleted member';

/**
 * The note of a meeting Mingle closed, state 'cancelled': a member left the event (`closedByMe`
 * true for the one who left, false for the other), deleted their account or the event ended
 * (`closedByMe` null: neither member closed it).
 */
export const MEETING_CLOSING_NOTES = {
  leftEvent: (firstName: string) => `${firstName} left the event`,
  deletedAccount: 'This member deleted their account',
  eventEnded: 'The event ended',
} as const;
