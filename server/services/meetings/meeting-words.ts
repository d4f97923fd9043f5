import type { Meeting } from '../../../contract/meetings';

/**
 * How notices and mails say a meeting's time: in the event's time zone (docs/product.md,
 * 'Meetings'), with the day, as 'Thu 3 Dec, 14:30'.
 */
export function whenText(at: string | Date, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: zone }).format(
      new Date(at),
    );
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** '14:30' in the event's time zone. */
export function clockText(at: string | Date, timeZone: string): string {
  const format = (zone: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(new Date(at));
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** The other member's full name as this member's view of the meeting holds it. */
export const nameOfOther = (meeting: Meeting): string => `${meeting.with.firstName} ${meeting.with.lastName}`.trim();
