import { DAY_WITHOUT_END_MS } from '../../../contract/meeting-slots';
import type { EventListResponse } from '../../../contract/events';

export interface MeetableEvent {
  id: string;
  name: string;
  dateTime: string | null;
  /** Whether the other member is known to attend it (a connection of the member who does). */
  together: boolean;
}

/** When an event is over: its end, or a day's span after a start without one. */
const endOf = (dateTime: string | null, endDateTime: string | null) =>
  endDateTime ? Date.parse(endDateTime) : dateTime ? Date.parse(dateTime) + DAY_WITHOUT_END_MS : Number.NEGATIVE_INFINITY;

/**
 * The member's events that have not ended, where a meeting with `userId` could be asked for, soonest
 * first: those the other attends as far as the member's events tell (their connections there),
 * else all of them (whether a stranger attends, only the request form finds out).
 */
export function meetableEvents(mine: EventListResponse, userId: string, now: number): MeetableEvent[] {
  const events = mine.events
    .flatMap((event) => (event.eventData && endOf(event.eventData.dateTime, event.eventData.endDateTime) > now ? [{ ...event.eventData, id: event.id }] : []))
    .map((event) => ({
      id: event.id,
      name: event.name,
      dateTime: event.dateTime,
      together: (mine.attendeeConnections?.[event.id] ?? []).some((person) => person.id === userId),
    }))
    .sort((a, b) => Date.parse(a.dateTime ?? '') - Date.parse(b.dateTime ?? ''));
  const together = events.filter((event) => event.together);
  return together.length > 0 ? together : events;
}
