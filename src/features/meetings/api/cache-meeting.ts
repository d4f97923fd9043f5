import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Meeting } from '../../../../contract/meetings';
import { meetingsKeys } from './keys';

const soonestFirst = (a: Meeting, b: Meeting) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id);

/** The list with the meeting in it, replacing its older self, in the server's order. */
export const listWith = (list: Meeting[], meeting: Meeting): Meeting[] => [...list.filter((m) => m.id !== meeting.id), meeting].sort(soonestFirst);

/**
 * Writes a meeting as the server answered it into every cached query that shows it: its page, the
 * event's list and the member's list (a list not read yet stays unread). Availability changes
 * with an accepted meeting, so it is read again.
 */
export function cacheMeeting(queryClient: QueryClient, meeting: Meeting): void {
  queryClient.setQueryData<Meeting>(meetingsKeys.one(meeting.id), meeting);
  for (const key of [meetingsKeys.list(), meetingsKeys.atEvent(meeting.eventId)]) {
    queryClient.setQueryData<Meeting[]>(key, (list) => list && listWith(list, meeting));
  }
  void queryClient.invalidateQueries({ queryKey: [...meetingsKeys.all, 'availability', meeting.eventId] });
}

/** The queries a meeting write of the event changes. */
export const meetingKeysOf = (eventId: string): QueryKey[] => [meetingsKeys.list(), meetingsKeys.atEvent(eventId), [...meetingsKeys.all, 'one']];
