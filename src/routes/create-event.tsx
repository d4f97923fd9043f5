import { CreateEventPage } from '../features/create-event/components/CreateEventPage';

/** /events/create. */
export function CreateEventRoute() {
  return <CreateEventPage />;
}
