import type { ShownMeeting } from './meetings-shown';

export type MeetingSection = 'answer' | 'upcoming' | 'sent' | 'past';

export const SECTION_TITLES: Record<MeetingSection, string> = {
  answer: 'Requests to answer',
  upcoming: 'Upcoming',
  sent: 'Sent requests',
  past: 'Past',
};

const SECTION_ORDER: MeetingSection[] = ['answer', 'upcoming', 'sent', 'past'];

/** Where a meeting belongs in the meetings views, at `now`. */
export function sectionOf(meeting: ShownMeeting, now: number): MeetingSection {
  const over = Date.parse(meeting.endsAt) <= now;
  if (meeting.awaitingMe && !over) return 'answer';
  if (meeting.state === 'accepted' && !over) return 'upcoming';
  if (meeting.state === 'requested' && Date.parse(meeting.startsAt) > now) return 'sent';
  return 'past';
}

/** The meetings by section, in the order the views show them: the past newest first, the rest soonest first. */
export function meetingSections(meetings: readonly ShownMeeting[], now: number): { section: MeetingSection; meetings: ShownMeeting[] }[] {
  const bySection = new Map<MeetingSection, ShownMeeting[]>(SECTION_ORDER.map((section) => [section, []]));
  for (const meeting of meetings) bySection.get(sectionOf(meeting, now))!.push(meeting);
  bySection.get('past')!.reverse();
  return SECTION_ORDER.map((section) => ({ section, meetings: bySection.get(section)! })).filter((group) => group.meetings.length > 0);
}

/** What the card says of the meeting's state, from the member's side. */
export function stateText(meeting: ShownMeeting, now: number): string {
  const name = meeting.with.firstName;
  if (meeting.state === 'requested' && Date.parse(meeting.startsAt) <= now) return 'Expired';
  switch (meeting.state) {
    case 'requested':
      return meeting.requestedByMe
        ? meeting.awaitingMe
          ? `${name} proposed another time`
          : `Waiting for ${name}`
        : meeting.awaitingMe
          ? `${name} asks to meet`
          : `Waiting for ${name}`;
    case 'accepted':
      if (meeting.proposal) return meeting.proposal.byMe ? `New time proposed, waiting for ${name}` : `${name} proposed a new time`;
      if (Date.parse(meeting.endsAt) <= now) return meeting.outcome === 'met' ? 'You met' : meeting.outcome === 'missed' ? "It didn't happen" : 'Accepted';
      return 'Accepted';
    case 'declined':
      return meeting.closedByMe ? 'You declined' : `${name} declined`;
    case 'cancelled':
      return meeting.closedByMe ? 'You cancelled' : `${name} cancelled`;
    case 'expired':
      return 'Expired';
  }
}
