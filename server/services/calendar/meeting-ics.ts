import type { EventAttributes } from 'ics';
import { CURRENT_AFTER_END_MS } from '../../../contract/event-currency';
import type { Meeting } from '../../../contract/meetings';
import { icsCalendar } from './ics-files';

/**
 * Accepted meetings as calendar entries (docs/product.md, 'Meetings'): one UID per meeting in the
 * file, the feed and the mailed invitations, so a new time or a cancel updates the same entry;
 * SEQUENCE is the meeting's `sequence`, which grows with every change of an accepted meeting.
 * Nobody's address is in the file or the feed; an invitation names only its own recipient.
 */

export const meetingUid = (meetingId: string) => `meeting-${meetingId}@mingle`;

export const meetingPageUrl = (origin: string, meetingId: string) => `${origin}/meetings/${encodeURIComponent(meetingId)}`;

/** A meeting that was accepted at some time (its sequence grew then) is in calendars; a request never is. */
export const inCalendars = (meeting: Meeting): boolean => (meeting.state === 'accepted' || meeting.state === 'cancelled') && meeting.sequence > 0;

/** As events: an entry stays in the feed until 6 hours after its end (contract/event-currency.ts). */
export const notPassed = (meeting: Meeting, now: Date): boolean => Date.parse(meeting.endsAt) + CURRENT_AFTER_END_MS >= now.getTime();

export const otherName = (meeting: Meeting): string => `${meeting.with.firstName} ${meeting.with.lastName}`.trim();

/** Who sends an invitation (the mail's sender) and the one member it is for. */
export interface InvitationParties {
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** A parameter value is quoted (RFC 5545 section 3.2) and may hold no double quote. */
const paramText = (text: string) => text.replace(/"/g, "'");

function descriptionOf(meeting: Meeting, url: string): string {
  const parts: string[] = [];
  if (meeting.state === 'cancelled') parts.push(meeting.note ? `Cancelled: ${meeting.note}` : 'Cancelled');
  if (meeting.eventName) parts.push(`At ${meeting.eventName}`);
  if (meeting.message) parts.push(meeting.message);
  parts.push(`Open in Mingle: ${url}`);
  return parts.join('\n\n');
}

/** The meeting as the member sees it (the other person in its title), as one VEVENT. */
export function meetingAttributes(meeting: Meeting, origin: string, invitation?: InvitationParties): EventAttributes {
  const url = meetingPageUrl(origin, meeting.id);
  return {
    uid: meetingUid(meeting.id),
    sequence: meeting.sequence,
    status: meeting.state === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    start: Date.parse(meeting.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(meeting.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Meeting with ${otherName(meeting)}`,
    description: descriptionOf(meeting, url),
    location: meeting.place,
    url,
    lastModified: Date.parse(meeting.updatedAt),
    ...(invitation
      ? {
          organizer: { name: paramText(invitation.organizer.name), email: invitation.organizer.email },
          attendees: [
            { name: paramText(invitation.attendee.name), email: invitation.attendee.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' },
          ],
        }
      : {}),
  };
}

/** The 'Add to calendar' file of one meeting. */
export function meetingCalendarText(meeting: Meeting, origin: string): string {
  return icsCalendar([meetingAttributes(meeting, origin)]);
}

/** A mailed invitation: REQUEST for an accepted meeting or its new time, CANCEL once cancelled (RFC 5546). */
export function meetingInvitationText(meeting: Meeting, origin: string, parties: InvitationParties): { method: 'REQUEST' | 'CANCEL'; text: string } {
  const method = meeting.state === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return { method, text: icsCalendar([meetingAttributes(meeting, origin, parties)], { method }) };
}
