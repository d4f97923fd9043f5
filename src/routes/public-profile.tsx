import { useParams } from 'wouter';
import { PublicProfilePage } from '../features/profile/components/PublicProfilePage';

/** /users/{userId}/public/{secretId}: keyed by the link, so another member's link starts clean. */
export function PublicProfileRoute() {
  const { userId = '', secretId = '' } = useParams<{ userId: string; secretId: string }>();
  return <PublicProfilePage key={`${userId}/${secretId}`} userId={userId} secret={secretId} />;
}
