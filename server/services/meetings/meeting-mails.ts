import type { Meeting } from '../../../contract/meetings';
import type { CalendarMail } from '../mail/mailer';
import { meetingInvitationText, meetingPageUrl, type InvitationParties } from '../calendar/meeting-ics';
import { nameOfOther, whenText } from './meeting-words';

/**
 * The invitation mails of an accepted meeting (docs/product.md, 'Meetings'): sent to each member
 * when it is accepted, when a new time is accepted, and when it is cancelled, each with the
 * calendar entry (METHOD:REQUEST, or CANCEL) whose UID and SEQUENCE are those of the meeting's
 * file and feed entry. Built from the recipient's own view of the meeting.
 */

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The address part of MAIL_FROM ('Mingle <no-reply@mingle.local>'): the invitation's ORGANIZER. */
export function senderAddress(from: string): string {
  return (/<([^<>\s]+)>/.exec(from)?.[1] ?? from).trim();
}

export function meetingMail(meeting: Meeting, origin: string, parties: InvitationParties): CalendarMail {
  const name = nameOfOther(meeting);
  const when = `${whenText(meeting.startsAt, meeting.timeZone)} (${meeting.timeZone})`;
  const where = meeting.eventName ? `${meeting.place}, at ${meeting.eventName}` : meeting.place;
  const url = meetingPageUrl(origin, meeting.id);
  const { method, text: content } = meetingInvitationText(meeting, origin, parties);
  let subject: string;
  let paragraphs: string[];
  if (method === 'CANCEL') {
    subject = `Cancelled: meeting with ${name}`;
    paragraphs = [`Your meeting with ${name} on ${when} at ${where} is cancelled.`, ...(meeting.note ? [meeting.note] : [])];
  } else {
    subject = meeting.sequence > 1 ? `New time: meeting with ${name}` : `Meeting with ${name}`;
    paragraphs = [
      `${meeting.sequence > 1 ? 'New time: you' : 'You'} meet ${name} on ${when} at ${where}.`,
      'The invitation is attached: add it to your calendar, and a new time or a cancel will update it there.',
    ];
  }
  paragraphs.push(`Open in Mingle: ${url}`);
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
    calendar: { method, content },
  };
}
