import { meetingWindows } from '../../../contract/meeting-slots';
import type { MeetingAvailability } from '../../../contract/meetings';
import { useEvent } from '../event-detail/api/get-event';
import { useAvailability } from './api/get-availability';
import { deviceTimeZone } from './meeting-time-text';

/**
 * What the time picker offers: the server's availability, or, when it cannot be had (offline, never
 * read before), the event's windows from its cached page, in `timeZone` when known (a meeting's
 * own), else the device's; then nobody's busy times are known, and the note says so.
 */
export function useMeetingAvailability(
  eventId: string,
  withUserId: string,
  timeZone?: string,
): { availability: MeetingAvailability | undefined; note?: string; failed: boolean } {
  const availability = useAvailability(eventId, withUserId);
  const event = useEvent(eventId);
  if (availability.data) return { availability: availability.data, failed: false };
  const data = event.data?.eventData;
  // Offline without a copy the query waits for the network ('paused'): that is no answer either.
  const unanswered = availability.isError || availability.fetchStatus === 'paused';
  if (!unanswered || !data) return { availability: undefined, failed: unanswered && !event.isPending };
  const zone = timeZone ?? deviceTimeZone();
  const windows = meetingWindows({ startsAt: data.dateTime, endsAt: data.endDateTime, timeZone: zone }).map((w) => ({
    startsAt: new Date(w.start).toISOString(),
    endsAt: new Date(w.end).toISOString(),
  }));
  return {
    availability: { eventId, timeZone: zone, windows, myMeetings: [], mySessions: [], theirBusy: [], with: null },
    note: 'Offline: who is free shows once you are back online; the server checks the time when your request is sent.',
    failed: false,
  };
}
