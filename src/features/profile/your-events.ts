import { isEventPast } from '../../../contract/event-currency';
import type { EventListItem } from '../../../contract/events';

/** docs/product.md section 2: the card shows 3 events before 'Show More'. */
export const YOUR_EVENTS_SHOWN = 3;

export interface YourEvent {
  id: string;
  name: string;
  dateTime: string;
  endDateTime: string | null;
  past: boolean;
  /** The member created it (their own profile only): leaving it deletes it for everyone. */
  createdByMe: boolean;
  /** A community event (their own profile only). */
  community: boolean;
}

/**
 * The member's events as 'Your Events' lists them (docs/product.md section 2): upcoming soonest first,
 * then past ones most recent first (past: 6 hours after the end, contract/event-currency.ts);
 * events without a date, or with one that does not parse, are left out.
 */
export function arrangeYourEvents(items: readonly EventListItem[], now: Date = new Date()): YourEvent[] {
  return arrangeProfileEvents(
    items.flatMap((item) =>
      item.eventData
        ? [
            {
              id: item.id,
              name: item.eventData.name,
              dateTime: item.eventData.dateTime,
              endDateTime: item.eventData.endDateTime,
              createdByMe: item.eventData.createdByMe,
              community: item.eventData.sourceType === 'USER_ADDED',
            },
          ]
        : [],
    ),
    now,
  );
}

/** The same order for any member's events (another member's 'Events' card). */
export function arrangeProfileEvents(
  items: readonly { id: string; name: string; dateTime: string | null; endDateTime: string | null; createdByMe?: boolean; community?: boolean }[],
  now: Date = new Date(),
): YourEvent[] {
  const events: YourEvent[] = [];
  for (const item of items) {
    if (!item.dateTime || Number.isNaN(Date.parse(item.dateTime))) continue;
    const dated = {
      id: item.id,
      name: item.name,
      dateTime: item.dateTime,
      endDateTime: item.endDateTime,
      createdByMe: item.createdByMe ?? false,
      community: item.community ?? false,
    };
    events.push({ ...dated, past: isEventPast(dated, now) });
  }
  const start = (event: YourEvent) => Date.parse(event.dateTime);
  const upcoming = events.filter((event) => !event.past).sort((a, b) => start(a) - start(b));
  const past = events.filter((event) => event.past).sort((a, b) => start(b) - start(a));
  return [...upcoming, ...past];
}
