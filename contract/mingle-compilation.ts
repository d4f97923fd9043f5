/**
 * The mingle compilation of a fixed event (docs/product.md sections 2 and 17: 'A fixed event id also has
 * a special link to a mingle compilation'): aggregate figures of how the event's networking went.
 *
 *   GET events/{id}/mingle-compilation  -> MingleCompilation
 *
 * - Which events: those a promotion points at (promotions.event_id); any other id is 404, as is
 *   an event the member may not see.
 * - Who: signed-in members registered at the event (401 without a session, 403 with
 *   EVENT_ERRORS.compilationForAttendees otherwise). Organizers are records without member
 *   accounts in Mingle, so there is no organizer role to add.
 * - Privacy: no member's name, id, picture or goal text, only counts; a goal theme is a word that at
 *   least COMPILATION_THEME_MIN_MEMBERS different members' goals contain; with fewer than
 *   COMPILATION_MIN_ATTENDEES attendees the answer has the counts but no themes and no hours.
 *
 * Types only (the page's chunk imports it).
 */

/** Below this many attendees, themes and hours are withheld (k-anonymity): a small group's habits would point at people. */
export const COMPILATION_MIN_ATTENDEES = 5;
/** A goal theme is shown only when this many different members' goals contain it. */
export const COMPILATION_THEME_MIN_MEMBERS = 3;
/** The most themes an answer lists. */
export const COMPILATION_THEMES_MAX = 10;

/** A word from the attendees' goals, lower-cased, and how many members' goals contain it (or a word of the same stem). */
export interface CompilationTheme {
  word: string;
  members: number;
}

/** Swipes made in one hour of the day (0 to 23) in `timeZone`. */
export interface CompilationHour {
  hour: number;
  swipes: number;
}

export interface MingleCompilation {
  event: { id: string; name: string; dateTime: string | null; endDateTime: string | null };
  /** Members registered at the event now. */
  attendees: number;
  /** Attendees who swiped at least once at the event. */
  swipers: number;
  /** Swipes made at the event by its attendees: right (connect) and left (pass). */
  swipes: { total: number; right: number; left: number };
  /** Connections made at the event (mutual likes there) between two of its attendees. */
  connections: number;
  /** Share (0 to 1) of the attendees with at least one connection made at the event; 0 without attendees. */
  connectedShare: number;
  /**
   * False when the event has fewer than COMPILATION_MIN_ATTENDEES attendees: themes and
   * busiestHours are then empty whatever happened.
   */
  detailed: boolean;
  /** Most members first, at most COMPILATION_THEMES_MAX. */
  themes: CompilationTheme[];
  /** Hours with at least one swipe, by hour of the day. */
  busiestHours: CompilationHour[];
  /** The time zone of busiestHours: the event's, or 'UTC' when it has none (events have none today). */
  timeZone: string;
  computedAt: string;
}
