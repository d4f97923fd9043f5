/** Query keys of the profile feature (the own profile itself lives under authKeys.me()). */
export const profileKeys = {
  all: ['profile'] as const,
};
