/** Query keys of the event detail feature. */
export const eventDetailKeys = {
  all: ['event-detail'] as const,
  /** GET events/{id}: the event as this member may see it (full, or a locked preview). */
  event: (eventId: string) => [...eventDetailKeys.all, eventId] as const,
  /** GET events/{id}/attendees/my-connections. */
  myConnections: (eventId: string) => [...eventDetailKeys.all, eventId, 'my-connections'] as const,
};
