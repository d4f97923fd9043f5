/** Keys of everything the app keeps in localStorage (SPEC.md section 4 and the cookie banner). */
export const STORAGE_KEYS = {
  /** Path to return to after signing in (set when an anonymous user opens a protected route). */
  redirectAfterLogin: 'mingle.redirectAfterLogin',
  /** Path to return to after /complete-profile. */
  redirectAfterProfile: 'mingle.redirectAfterProfile',
  /** Prefix of the per-event "How it works" dismissal flag; the event id follows. */
  instructionsDismissedPrefix: 'mingle.instructionsDismissed.',
  /** The cookie banner choice ('all' or 'essential'). */
  cookieConsent: 'mingle.cookieConsent',
} as const;

export function instructionsDismissedKey(eventId: string): string {
  return STORAGE_KEYS.instructionsDismissedPrefix + eventId;
}
