/**
 * Keys of everything the app keeps in localStorage (docs/product.md section 4 and the cookie banner),
 * except what the outbox keeps for a fast start: offline/outbox-summary.ts and
 * offline/event-records-copy.ts name their own.
 */
export const STORAGE_KEYS = {
  /** Path to return to after signing in (set when an anonymous user opens a protected route). */
  redirectAfterLogin: 'mingle.redirectAfterLogin',
  /** Path to return to after /complete-profile. */
  redirectAfterProfile: 'mingle.redirectAfterProfile',
  /** Prefix of the per-event "How it works" dismissal flag; the event id follows. */
  instructionsDismissedPrefix: 'mingle.instructionsDismissed.',
  /** The cookie banner choice ('all' or 'essential'). */
  cookieConsent: 'mingle.cookieConsent',
  /** Prefix of the per-member "the outbox holds work" flag; the user id follows. */
  outboxQueuedPrefix: 'mingle.outboxQueued.',
  /** Set once a member signed in on this device: /auth then says 'Welcome back' rather than 'Welcome'. */
  signedInBefore: 'mingle.signedInBefore',
  /** The persisted TanStack Query cache of the signed-in member (src/offline/query-persistence.ts). */
  queryCache: 'mingle.queryCache',
} as const;

/**
 * Set while the member's outbox holds records, so the app loads the outbox (Dexie and the sync
 * engine) at start only when there is something to deliver, not on every first screen.
 */
export function outboxQueuedKey(userId: string): string {
  return STORAGE_KEYS.outboxQueuedPrefix + userId;
}

export function instructionsDismissedKey(eventId: string): string {
  return STORAGE_KEYS.instructionsDismissedPrefix + eventId;
}
