import { CreateEventPage } from '../features/create-event/components/CreateEventPage';
import { useDocumentTitle } from '../lib/use-document-title';

/** /events/create. */
export function CreateEventRoute() {
  useDocumentTitle('Create event');
  return <CreateEventPage />;
}
