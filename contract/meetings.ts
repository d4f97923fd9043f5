/**
 * Meetings in person at an event (docs/product.md, 'Meetings'): one member asks another attendee for
 * a time and a place; the other accepts, declines or proposes another; either cancels. Paths, under
 * /api (every write takes an Idempotency-Key, and `actedAt`, when the member acted, for a write the
 * outbox delivers later):
 *
 *   GET  meetings                      the member's meetings at every event      -> Meeting[]
 *   GET  events/{id}/meetings          the member's meetings at the event        -> Meeting[]
 *   GET  meetings/{id}                 one meeting of the member's (404 else)   -> Meeting
 *   POST events/{id}/meetings          MeetingRequest                            -> 201 Meeting
 *   POST meetings/{id}/accept          {actedAt?}                                -> Meeting
 *   POST meetings/{id}/decline         {note?, actedAt?}                         -> Meeting
 *   POST meetings/{id}/propose         MeetingProposal                           -> Meeting
 *   POST meetings/{id}/cancel          {note?, actedAt?}                         -> Meeting
 *   PUT  meetings/{id}/outcome         {outcome, actedAt?}                       -> Meeting
 *   GET  meetings/{id}/calendar.ics    an accepted meeting's calendar file (contract/meeting-notices.ts)
 *   GET  events/{id}/meetings/availability[?with={userId}]                       -> MeetingAvailability
 *   PUT  events/{id}/meetings/sessions {sessions: TimeSpan[]}                    -> MeetingAvailability
 *
 * Only the two members see a meeting; for anyone else it does not exist (404). A refusal on
 * delivery says why in `error` with a `code` (MEETING_ERROR_CODES), in words a member can act on.
 * The bodies' checks are in meeting-requests.ts: the screens that only show meetings do without
 * the validation library.
 */

/** A meeting lasts one of these many minutes. */
export const MEETING_MINUTES = [15, 30] as const;
export type MeetingMinutes = (typeof MEETING_MINUTES)[number];
/** Meetings start on these steps: 10:00, 10:15, 10:30 ... */
export const MEETING_STEP_MINUTES = 15;
/** Requests a member may have waiting for an answer at one event. */
export const MAX_PENDING_REQUESTS_PER_EVENT = 20;
/** After a decline, how long the same member may not ask the same person again at that event. */
export const ASK_AGAIN_AFTER_DECLINE_MS = 24 * 60 * 60 * 1000;
/** How far back a write delivered late may say the member acted (older: the time it arrives). */
export const ACTED_AT_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * requested: waiting for `awaitingMe`'s side to answer; accepted: both agreed (a new time may be
 * proposed: `proposal`); declined, cancelled: closed, with `note`; expired: a request nobody
 * accepted before its start.
 */
export type MeetingState = 'requested' | 'accepted' | 'declined' | 'cancelled' | 'expired';
export type MeetingOutcome = 'met' | 'missed';

export interface MeetingPerson {
  /** Null once they deleted their account (their name is then contract/meeting-notices.ts DELETED_MEMBER_NAME). */
  id: string | null;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
}

export interface MeetingTime {
  startsAt: string;
  endsAt: string;
  place: string;
}

export interface Meeting extends MeetingTime {
  id: string;
  eventId: string;
  /** The event's name; null while the member may not see the event in full. */
  eventName: string | null;
  /** The event's IANA time zone, in which times are shown ('UTC' for an event without one). */
  timeZone: string;
  /** The other member. */
  with: MeetingPerson;
  /** Whether this member asked for the meeting. */
  requestedByMe: boolean;
  state: MeetingState;
  message: string | null;
  /** A new time or place proposed for an accepted meeting (the accepted one stands until then). */
  proposal: (MeetingTime & { byMe: boolean }) | null;
  /** Whether the next answer (to the request or the proposal) is this member's to give. */
  awaitingMe: boolean;
  /** The note of the decline or the cancel, and who closed it. */
  note: string | null;
  closedByMe: boolean | null;
  /** This member's own record after the meeting, seen by nobody else. */
  outcome: MeetingOutcome | null;
  /** Grows with every change of an accepted meeting: the calendar invitation's SEQUENCE. */
  sequence: number;
  createdAt: string;
  updatedAt: string;
}

/** A span of time, ISO instants, end exclusive. */
export interface TimeSpan {
  startsAt: string;
  endsAt: string;
}

/**
 * What the time picker shows at one event: when meetings may be held there (contract/meeting-slots.ts
 * computes the same windows), the member's own accepted meetings and the times they marked 'In a
 * session', and, asked `with` another attendee, only when that member is not free (never why).
 */
export interface MeetingAvailability {
  eventId: string;
  timeZone: string;
  windows: TimeSpan[];
  myMeetings: (TimeSpan & { meetingId: string; withName: string })[];
  mySessions: TimeSpan[];
  /** Empty without `with`, or when that member may not be asked. */
  theirBusy: TimeSpan[];
  /** The member asked about, when a request may name them here; null otherwise. */
  with: MeetingPerson | null;
}

/** Sessions a member may mark at one event. */
export const MAX_SESSIONS_PER_EVENT = 100;

/** Codes of the refusals a member can act on (the app words each). */
export const MEETING_ERROR_CODES = {
  /** The member has an accepted meeting at that time; `error` names it. */
  youAreBusy: 'meeting_conflict_self',
  /** The other member is not free then (never what they do instead). */
  otherIsBusy: 'meeting_conflict_other',
  /** The meeting changed meanwhile: it is no longer waiting for this answer. */
  notAwaiting: 'meeting_not_awaiting',
  /** A request whose time passed before it was accepted. */
  expired: 'meeting_expired',
  /** The time is outside the event, not on a step, or in the past. */
  badTime: 'meeting_bad_time',
  /** Too many requests waiting, or asked again too soon after a decline. */
  tooMany: 'meeting_too_many',
  /** The invitee (or the member) marked that time 'In a session'. */
  inSession: 'meeting_in_session',
  /** Not both attendees with complete profiles. */
  notAttendees: 'meeting_not_attendees',
  /** The invitee is 'not networking right now' (contract/safety.ts notNetworkingError names them). */
  notNetworking: 'meeting_not_networking',
} as const;

export const MEETING_ERRORS = {
  notFound: 'Meeting not found',
  notAttendees: 'You can only meet attendees of an event you are both registered for, both with a complete profile',
  badTime: 'Choose a time within the event, on the quarter hour, that has not passed',
  tooManyPending: `You have ${MAX_PENDING_REQUESTS_PER_EVENT} requests waiting for an answer at this event`,
  notAwaiting: 'This meeting is not waiting for that answer any more',
  expired: 'This request expired: its time passed before it was accepted',
  notOver: 'You can say how it went once the meeting is over',
  notRegistered: 'Register for this event to mark the times you are in a session',
  badSession: 'Mark sessions within the event’s hours, on the quarter hour, each ending after it starts',
} as const;
