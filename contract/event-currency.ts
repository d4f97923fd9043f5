/** An event stays current until 6 hours after its end, or after its start when it has no end. */
export const CURRENT_AFTER_END_MS = 6 * 60 * 60 * 1000;

export function isEventPast(event: { dateTime: string | null; endDateTime?: string | null }, now: Date = new Date()): boolean {
  const anchor = event.endDateTime ?? event.dateTime;
  if (!anchor) return false;
  const time = Date.parse(anchor);
  if (Number.isNaN(time)) return false;
  return time + CURRENT_AFTER_END_MS < now.getTime();
}
