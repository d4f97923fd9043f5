import { useState } from 'react';
import { meetingSections, SECTION_TITLES } from '../meeting-sections';
import type { ShownMeeting } from '../meetings-shown';
import { MeetingCard } from './MeetingCard';

interface Props {
  meetings: ShownMeeting[];
  showEvent: boolean;
  onDismiss: ((id: string) => void) | null;
}

/** The meetings by section: requests to answer, upcoming, sent requests, past. */
export function MeetingSections({ meetings, showEvent, onDismiss }: Props) {
  const [now] = useState(() => Date.now());
  return (
    <div className="meeting-sections">
      {meetingSections(meetings, now).map(({ section, meetings: inSection }) => (
        <section key={section} className="meeting-section" aria-labelledby={`meetings-${section}`}>
          <h2 id={`meetings-${section}`} className="meeting-section-title">
            {SECTION_TITLES[section]} <span className="meeting-section-count">({inSection.length})</span>
          </h2>
          <ul className="meeting-list">
            {inSection.map((meeting) => (
              <MeetingCard key={meeting.id} meeting={meeting} now={now} showEvent={showEvent} onDismiss={onDismiss} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
