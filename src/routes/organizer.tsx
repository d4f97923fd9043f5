import { useParams } from 'wouter';
import { useOrganizer } from '../features/organizers/api/get-organizer';
import { OrganizerPage } from '../features/organizers/components/OrganizerPage';
import { useDocumentTitle } from '../lib/use-document-title';

/** /organizer/{id}. */
export function OrganizerRoute() {
  const { id = '' } = useParams<{ id: string }>();
  useDocumentTitle(useOrganizer(id).data?.name ?? 'Organizer');
  return <OrganizerPage key={id} organizerId={id} />;
}
