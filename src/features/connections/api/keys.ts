/** Query keys of the connections feature. */
export const connectionsKeys = {
  all: ['connections'] as const,
  list: () => [...connectionsKeys.all, 'list'] as const,
  /** A connection's full profile. */
  profile: (userId: string) => [...connectionsKeys.all, 'profile', userId] as const,
};
