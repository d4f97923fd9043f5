import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState } from '../../../ui/EmptyState';
import { useEvent } from '../../event-detail/api/get-event';
import { useEventMeetings } from '../api/get-event-meetings';
import { useShownMeetings } from '../use-shown-meetings';
import { MeetingsListState } from './MeetingsListState';
import { SessionsEditor } from './SessionsEditor';
import './meetings.css';

/** /events/{id}/meetings: the member's meetings at one event, and the times they are in a session. */
export function EventMeetingsScreen({ eventId }: { eventId: string }) {
  const event = useEvent(eventId);
  const name = event.data?.eventData?.name ?? null;
  useDocumentTitle('Meetings', name);
  const meetings = useEventMeetings(eventId);
  const shown = useShownMeetings(meetings.data, meetings.isError, eventId);
  const eventPath = `/events/${encodeURIComponent(eventId)}`;
  return (
    <div className="page meetings-page">
      <header className="page-header meetings-header">
        <h1 className="page-title">Meetings</h1>
        {name && (
          <p className="meetings-event">
            at <Link href={eventPath}>{name}</Link>
          </p>
        )}
        <div className="meetings-links">
          <Link href={`${eventPath}/connect`} className="btn btn--secondary btn--sm">
            Meet attendees
          </Link>
          <Link href="/meetings" className="btn btn--ghost btn--sm">
            All meetings
          </Link>
        </div>
      </header>
      <MeetingsListState
        query={meetings}
        shown={shown}
        showEvent={false}
        empty={
          <EmptyState title="No meetings at this event yet">
            Ask an attendee to meet from their card in Meet attendees, or from a connection&apos;s page.
          </EmptyState>
        }
      />
      <SessionsEditor eventId={eventId} />
    </div>
  );
}
