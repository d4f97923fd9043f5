import { meetingUrl, type PushPayload } from '../../../contract/push';
import type { Meeting } from '../../../contract/meetings';
import { clockText, nameOfOther, whenText } from './meeting-words';

/**
 * The push messages about meetings (docs/product.md, 'Meetings'): who, when and where, never how to
 * reach anyone (a lock screen is seen by others). Each is built from the recipient's own view of
 * the meeting, so `with` is the member who acted.
 */

/** What happened to the meeting, as the notice tells it. */
export type MeetingAction = 'request' | 'accept' | 'decline' | 'propose' | 'cancel' | 'closed';

const message = (meeting: Meeting, title: string, body: string, kind: PushPayload['kind'] = 'meeting'): PushPayload => ({
  kind,
  title,
  body,
  tag: `meeting-${meeting.id}`,
  url: meetingUrl(meeting.id),
});

export function meetingPushPayload(action: MeetingAction, meeting: Meeting): PushPayload {
  const name = nameOfOther(meeting);
  const when = whenText(meeting.startsAt, meeting.timeZone);
  const at = `${when} at ${meeting.place}`;
  switch (action) {
    case 'request':
      return message(meeting, 'Meeting request', `${name} asks to meet: ${at}.`);
    case 'accept':
      // The first accept makes sequence 1; every later one accepted a new time.
      return meeting.sequence > 1
        ? message(meeting, 'New time accepted', `${name} accepted the new time: ${at}.`)
        : message(meeting, 'Meeting accepted', `${name} accepted: ${at}.`);
    case 'decline':
      return meeting.state === 'accepted'
        ? message(meeting, 'New time declined', `${name} keeps the time you agreed: ${at}.`)
        : message(meeting, 'Meeting declined', `${name} declined the meeting on ${when}.`);
    case 'propose': {
      const proposal = meeting.proposal ?? meeting;
      return message(meeting, 'Another time proposed', `${name} proposes ${whenText(proposal.startsAt, meeting.timeZone)} at ${proposal.place}.`);
    }
    case 'cancel':
      return meeting.sequence > 0
        ? message(meeting, 'Meeting cancelled', `${name} cancelled your meeting on ${when}.`)
        : message(meeting, 'Meeting request cancelled', `${name} cancelled the meeting request for ${when}.`);
    case 'closed':
      // Mingle closed it: the note says why (the other left the event or deleted their account, or the event ended).
      return message(meeting, 'Meeting cancelled', `${meeting.note ?? 'Cancelled'}: your meeting${meeting.with.id ? ` with ${name}` : ''} on ${when} is off.`);
  }
}

/** The reminder 10 minutes before an accepted meeting, to each of its two members. */
export function meetingReminderPayload(meeting: Meeting, now: Date): PushPayload {
  const minutes = Math.max(1, Math.round((Date.parse(meeting.startsAt) - now.getTime()) / 60_000));
  return message(
    meeting,
    `Meeting with ${nameOfOther(meeting)} in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    `${clockText(meeting.startsAt, meeting.timeZone)} at ${meeting.place}.`,
    'meeting-reminder',
  );
}
