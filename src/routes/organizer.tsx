import { useParams } from 'wouter';
import { OrganizerPage } from '../features/organizers/components/OrganizerPage';

/** /organizer/{id}. */
export function OrganizerRoute() {
  const { id = '' } = useParams<{ id: string }>();
  return <OrganizerPage key={id} organizerId={id} />;
}
