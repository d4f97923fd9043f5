import { Link, useParams } from 'wouter';
import { CalendarIcon } from '../ui/icons';
import { MeetAttendeesPage } from '../features/attendees/components/MeetAttendeesPage';
import { useEventDocumentTitle } from '../features/event-detail/event-title';
import { JoinToMeet } from '../features/join/components/JoinToMeet';
import { QrExchangeButtons } from '../features/qr-exchange/components/QrExchangeButtons';

/** /events/{eventId}/connect (its own chunk: the deck's gesture and spring code loads only here). */
export function EventConnectRoute() {
  const { eventId = '' } = useParams<{ eventId: string }>();
  useEventDocumentTitle(eventId, 'Meet attendees');
  // Not registered yet (an event card's Network button): join right here, then the deck.
  // Exchanging profiles in person (QR codes) is at hand where members meet.
  // The event's meetings are a tap away: the deck is where members decide whom to meet.
  return (
    <MeetAttendeesPage
      key={eventId}
      eventId={eventId}
      renderJoin={(props) => <JoinToMeet {...props} />}
      headerActions={
        <>
          <Link href={`/events/${encodeURIComponent(eventId)}/meetings`} className="btn btn--secondary btn--sm meet-meetings">
            <CalendarIcon size={18} />
            <span className="meet-meetings-label">Meetings</span>
          </Link>
          <QrExchangeButtons size="sm" />
        </>
      }
    />
  );
}
