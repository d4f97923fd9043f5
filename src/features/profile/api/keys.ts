/** Query keys of the profile feature (the own profile itself lives under authKeys.me()). */
export const profileKeys = {
  all: ['profile'] as const,
  /** A member's public profile, opened with their share secret (or without one: null). */
  publicProfile: (userId: string, secret: string | null) => [...profileKeys.all, 'public', userId, secret] as const,
  /** Who shared a link, as the sign-in page it leads to shows them (no session needed). */
  sharedPreview: (userId: string, secret: string) => [...profileKeys.all, 'shared-preview', userId, secret] as const,
  /** A member's 'Network' or 'Events' count. */
  count: (userId: string, kind: 'connections' | 'events') => [...profileKeys.all, 'count', userId, kind] as const,
  /** Whether 'Create with AI' has a profile-lookup provider on this server. */
  lookupStatus: () => [...profileKeys.all, 'lookup-status'] as const,
};
