import { knownTimeZone, wallClock } from '../../../contract/meeting-slots';

/** The device's own time zone. */
export const deviceTimeZone = (): string => knownTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

/** '14:30' in the zone. */
export const clockText = (at: number | string, timeZone: string): string =>
  format(knownTimeZone(timeZone), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at));

/** 'Mon 1 Jun' in the zone. */
export const dayText = (at: number | string, timeZone: string): string =>
  format(knownTimeZone(timeZone), { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(at)).replace(',', '');

/** 'Oslo time' for Europe/Oslo, 'UTC' for UTC. */
export const zoneName = (timeZone: string): string => (timeZone === 'UTC' ? 'UTC' : `${(timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ')} time`);

/** Whether clocks in the two zones show the same time at `at` (then the zone need not be named). */
function sameClock(at: number, a: string, b: string): boolean {
  const x = wallClock(at, a);
  const y = wallClock(at, b);
  return x.day === y.day && x.hour === y.hour && x.minute === y.minute;
}

/**
 * 'Mon 1 Jun, 14:00–14:30' in the event's time zone, where the meeting happens; the zone is named
 * when the device's clock shows another time ('Mon 1 Jun, 14:00–14:30 (Oslo time)').
 */
export function meetingTimeText(startsAt: string, endsAt: string, timeZone: string, device: string = deviceTimeZone()): string {
  const zone = knownTimeZone(timeZone);
  const start = Date.parse(startsAt);
  const text = `${dayText(start, zone)}, ${clockText(start, zone)}–${clockText(endsAt, zone)}`;
  return sameClock(start, zone, device) ? text : `${text} (${zoneName(zone)})`;
}

/** ' (Oslo time)' after a picker's times when the device's clock differs, else ''. */
export const zoneNote = (at: number, timeZone: string, device: string = deviceTimeZone()): string =>
  sameClock(at, knownTimeZone(timeZone), device) ? '' : ` (${zoneName(knownTimeZone(timeZone))})`;
