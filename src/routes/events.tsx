import { EventsScreen } from '../features/events/components/EventsScreen';

/** / and /events: the events list; its filters and tab live in the URL (see the events feature). */
export function EventsRoute() {
  return <EventsScreen />;
}
