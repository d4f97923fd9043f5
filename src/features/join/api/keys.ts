/** Query keys of the join feature. */
export const joinKeys = {
  all: ['join'] as const,
  /** GET events/public/{id}?secret=: the summary a join link shows, to anyone. */
  publicEvent: (eventId: string, secret: string) => [...joinKeys.all, 'public-event', eventId, secret] as const,
};
