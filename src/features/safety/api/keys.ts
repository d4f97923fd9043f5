/** Query keys of the safety feature. */
export const safetyKeys = {
  all: ['safety'] as const,
  /** The members the member blocked. */
  blocked: () => [...safetyKeys.all, 'blocked'] as const,
};
