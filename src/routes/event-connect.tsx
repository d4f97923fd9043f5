import { useParams } from 'wouter';
import { MeetAttendeesPage } from '../features/attendees/components/MeetAttendeesPage';
import { useEventDocumentTitle } from '../features/event-detail/event-title';
import { JoinToMeet } from '../features/join/components/JoinToMeet';

/** /events/{eventId}/connect (its own chunk: the deck's gesture and spring code loads only here). */
export function EventConnectRoute() {
  const { eventId = '' } = useParams<{ eventId: string }>();
  useEventDocumentTitle(eventId, 'Meet attendees');
  // Not registered yet (an event card's Network button): join right here, then the deck.
  return <MeetAttendeesPage key={eventId} eventId={eventId} renderJoin={(props) => <JoinToMeet {...props} />} />;
}
