import { useParams } from 'wouter';
import { MeetAttendeesPage } from '../features/attendees/components/MeetAttendeesPage';
import { useEventDocumentTitle } from '../features/event-detail/event-title';

/** /events/{eventId}/connect (its own chunk: the deck's gesture and spring code loads only here). */
export function EventConnectRoute() {
  const { eventId = '' } = useParams<{ eventId: string }>();
  useEventDocumentTitle(eventId, 'Meet attendees');
  return <MeetAttendeesPage key={eventId} eventId={eventId} />;
}
