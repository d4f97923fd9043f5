/**
 * Where two members connected, as the connections list and a connection's page name it: 'Met at
 * {event}' once the event has started (or when it has no dates), 'Connected ahead of {event}' while
 * it has not: a deck opens before its event, and nobody has met anyone there yet.
 */
export function metAt(connection: { eventName: string; eventStartsAt?: string | null }, now = Date.now()): string {
  const starts = connection.eventStartsAt ? Date.parse(connection.eventStartsAt) : NaN;
  return starts > now ? `Connected ahead of ${connection.eventName}` : `Met at ${connection.eventName}`;
}
