/** Query keys of the Meet Attendees feature; invalidating `all` refreshes deck, interactions and connections. */
export const attendeesKeys = {
  all: ['attendees'] as const,
  deck: (eventId: string) => [...attendeesKeys.all, 'deck', eventId] as const,
  interactions: (eventId: string) => [...attendeesKeys.all, 'interactions', eventId] as const,
  connections: () => [...attendeesKeys.all, 'connections'] as const,
};
