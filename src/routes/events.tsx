import { EventsScreen } from '../features/events/components/EventsScreen';
import { useDocumentTitle } from '../lib/use-document-title';

/** / and /events: the events list; its filters and tab live in the URL (see the events feature). */
export function EventsRoute() {
  useDocumentTitle('Events');
  return <EventsScreen />;
}
