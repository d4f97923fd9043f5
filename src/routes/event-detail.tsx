import { useParams } from 'wouter';
import { EventDetailPage } from '../features/event-detail/components/EventDetailPage';
import { useEventDocumentTitle } from '../features/event-detail/event-title';

/** /events/{eventId}. Keyed by the id, so moving to another event starts from a clean page. */
export function EventDetailRoute() {
  const { eventId = '' } = useParams<{ eventId: string }>();
  useEventDocumentTitle(eventId);
  return <EventDetailPage key={eventId} eventId={eventId} />;
}
