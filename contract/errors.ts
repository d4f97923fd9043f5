/** Every error answer of the API has this body (docs/architecture.md, API conventions). */
export interface ApiErrorBody {
  error: string;
  code?: string;
  field?: string;
}

/** Server error strings that the client maps to the texts of docs/product.md section 8. */
export const API_ERRORS = {
  userNotFound: 'User not found',
  userExists: 'User with this email already exists',
  invalidPin: 'Invalid pin',
  pinExpired: 'Pin expired',
  inputTooLong: 'Input too long',
  invalidContent: 'Invalid content detected',
  invalidInput: 'Invalid input',
  /** A text holds a control character other than tab or a line break (contract/fields.ts). */
  controlCharacter: 'Control characters are not allowed',
  /** A line break in a one-line field: a name, a title, a place (contract/fields.ts). */
  lineBreak: 'Line breaks are not allowed here',
  unauthorized: 'Not authenticated',
  crossSite: 'Cross-site request refused',
  tooManyRequests: 'Too many requests',
  /** Code 'sign_in_paused': too many wrong codes for the address (server/services/sign-in/sign-in-limits.ts). */
  signInPaused: 'Too many wrong codes for this email address. For your security, signing in with it is paused for up to 24 hours. We have sent you an email.',
  notFound: 'Not found',
  internal: 'Internal server error',
} as const;

/** The error code of API_ERRORS.signInPaused, which the sign-in forms show as it is. */
export const SIGN_IN_PAUSED_CODE = 'sign_in_paused';

/** Error strings of the events API; the client shows its own texts by status where docs/product.md has them. */
export const EVENT_ERRORS = {
  eventNotFound: 'Event not found',
  /** POST events/{id}/join a second time (400); the client shows 'Already registered'. */
  alreadyRegistered: 'Already registered',
  invalidJoinLink: 'Invalid join link',
  upgradeToJoin: 'Upgrade to PRO to join this event',
  upgradeToView: 'Upgrade to PRO to view this event',
  attendeesOnly: 'Only attendees of this event can do this',
  /** GET events/{id}/mingle-compilation by a member who is not registered at the event (403). */
  compilationForAttendees: "The mingle compilation is for the event's attendees",
  notRegistered: 'You are not registered for this event',
  dateBeforeToday: 'Event date cannot be before today',
  organizerNotFound: 'Organizer not found',
} as const;

/** Idempotency-Key answers (docs/architecture.md, 'How data flows'); the outbox retries 'Request in progress' after Retry-After. */
export const IDEMPOTENCY_ERRORS = {
  invalidKey: 'Idempotency-Key must be a UUID',
  keyReused: 'Idempotency key reused with a different request',
  inProgress: 'Request in progress',
} as const;

/** Error strings of the interactions and connections API. */
export const INTERACTION_ERRORS = {
  selfInteraction: 'You cannot interact with yourself',
  alreadyInteracted: 'Already interacted',
  connectedCannotUndo: 'Connected interactions cannot be undone',
  interactionNotFound: 'Interaction not found',
  invalidCursor: 'Invalid cursor',
} as const;

/** Profiles of other members and the Connect from a profile. */
export const PROFILE_ERRORS = {
  selfConnect: 'You cannot connect with yourself',
} as const;
