import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState } from '../../../ui/EmptyState';
import { useMeetings } from '../api/get-meetings';
import { useShownMeetings } from '../use-shown-meetings';
import { MeetingsListState } from './MeetingsListState';
import './meetings.css';

/** /meetings: the member's meetings at every event (reached from the profile). */
export function MeetingsScreen() {
  useDocumentTitle('Meetings');
  const meetings = useMeetings();
  const shown = useShownMeetings(meetings.data, meetings.isError);
  return (
    <div className="page meetings-page">
      <header className="page-header">
        <h1 className="page-title">Meetings</h1>
      </header>
      <MeetingsListState
        query={meetings}
        shown={shown}
        showEvent
        empty={
          <EmptyState
            title="No meetings yet"
            action={
              <Link href="/events" className="btn btn--primary btn--md">
                Your events
              </Link>
            }
          >
            At an event, ask an attendee to meet at a time and a place: from their card, their profile or a new connection.
          </EmptyState>
        }
      />
    </div>
  );
}
