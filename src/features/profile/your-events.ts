import { isEventPast } from '../../../contract/event-currency';
import type { EventListItem } from '../../../contract/events';

/** SPEC.md section 2: the card shows 3 events before 'Show More'. */
export const YOUR_EVENTS_SHOWN = 3;

export interface YourEvent {
  id: string;
  name: string;
  dateTime: string;
  endDateTime: string | null;
  past: boolean;
}

/**
 * The member's events as 'Your Events' lists them (SPEC.md section 2): upcoming soonest first,
 * then past ones most recent first (past: 6 hours after the end, contract/event-currency.ts);
 * events without a date, or with one that does not parse, are left out.
 */
export function arrangeYourEvents(items: readonly EventListItem[], now: Date = new Date()): YourEvent[] {
  const events: YourEvent[] = [];
  for (const item of items) {
    const data = item.eventData;
    if (!data?.dateTime || Number.isNaN(Date.parse(data.dateTime))) continue;
    events.push({ id: item.id, name: data.name, dateTime: data.dateTime, endDateTime: data.endDateTime, past: isEventPast(data, now) });
  }
  const start = (event: YourEvent) => Date.parse(event.dateTime);
  const upcoming = events.filter((event) => !event.past).sort((a, b) => start(a) - start(b));
  const past = events.filter((event) => event.past).sort((a, b) => start(b) - start(a));
  return [...upcoming, ...past];
}
