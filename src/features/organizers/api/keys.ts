/** Query keys of the organizers feature. */
export const organizerKeys = {
  all: ['organizers'] as const,
  organizer: (organizerId: string) => [...organizerKeys.all, organizerId] as const,
  /** GET organizers/{id}/events: their upcoming (not passed) events. */
  events: (organizerId: string) => [...organizerKeys.all, organizerId, 'events'] as const,
};
