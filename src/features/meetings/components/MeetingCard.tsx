import { Link } from 'wouter';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { stateText } from '../meeting-sections';
import { meetingTimeText } from '../meeting-time-text';
import type { ShownMeeting } from '../meetings-shown';

interface Props {
  meeting: ShownMeeting;
  now: number;
  /** Across events: the card names the event. */
  showEvent: boolean;
  /** Lets go of a refused request still on this device. */
  onDismiss: ((id: string) => void) | null;
}

/** Where a refused request can be asked again, another time. */
export const requestPath = (eventId: string, userId: string) => `/events/${encodeURIComponent(eventId)}/meetings/new?with=${encodeURIComponent(userId)}`;

/** A meeting in a list: who, when, where, its state, and whether it waits to be sent or was refused. */
export function MeetingCard({ meeting, now, showEvent, onDismiss }: Props) {
  const person = meeting.with;
  const refused = meeting.sync?.state === 'refused' ? meeting.sync : null;
  const body = (
    <>
      <Avatar id={person.id ?? meeting.id} firstName={person.firstName} lastName={person.lastName} imageUrl={person.imageUrl} />
      <span className="meeting-card-text">
        <span className="meeting-card-name">
          {person.firstName} {person.lastName}
        </span>
        <span className="meeting-card-when">
          {meetingTimeText(meeting.startsAt, meeting.endsAt, meeting.timeZone)} · {meeting.place}
        </span>
        {showEvent && meeting.eventName && <span className="meeting-card-event">{meeting.eventName}</span>}
        <span className="meeting-card-state">
          {stateText(meeting, now)}
          {meeting.sync?.state === 'waiting' && <span className="meeting-sync"> · Waiting to send</span>}
        </span>
      </span>
    </>
  );
  return (
    <li className={`meeting-card${refused ? ' meeting-card--refused' : ''}`}>
      {meeting.queued ? (
        <div className="meeting-card-main">{body}</div>
      ) : (
        <Link href={`/meetings/${encodeURIComponent(meeting.id)}`} className="meeting-card-main">
          {body}
        </Link>
      )}
      {refused && (
        <div className="meeting-card-refusal">
          <p>{refused.reason}</p>
          {meeting.queued && (
            <div className="meeting-card-refusal-actions">
              {person.id && (
                <Link href={requestPath(meeting.eventId, person.id)} className="btn btn--secondary btn--sm">
                  Choose another time
                </Link>
              )}
              {onDismiss && (
                <Button variant="ghost" size="sm" onClick={() => onDismiss(refused.record.id)}>
                  Dismiss
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </li>
  );
}
