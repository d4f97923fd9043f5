import { useParams } from 'wouter';
import { PublicProfilePage } from '../features/profile/components/PublicProfilePage';

/**
 * /users/{userId}/public/{secretId}, a shared link, and /users/{userId}, a member met at an event
 * (the assistant's suggestions): keyed by both, so another member's page starts clean.
 */
export function PublicProfileRoute() {
  const { userId = '', secretId } = useParams<{ userId: string; secretId?: string }>();
  return <PublicProfilePage key={`${userId}/${secretId ?? ''}`} userId={userId} secret={secretId ?? null} />;
}
