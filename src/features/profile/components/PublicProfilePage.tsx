import { useLocation } from 'wouter';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useMe } from '../../auth/api/get-me';
import { CONNECT_FAILED_TOAST, CONNECTED_TOAST, useConnectToProfile } from '../api/connect-to-profile';
import { usePublicProfile } from '../api/get-public-profile';
import { MemberEventsCard } from './MemberEventsCard';
import { PublicProfileCard } from './PublicProfileCard';

/**
 * /users/{userId}/public/{secretId} (SPEC.md sections 2 and 8): a member's profile opened from the
 * link they shared, with Connect. Connecting through their link connects at once, says so and goes
 * on to the feed. A member who opens their own link sees what others see.
 */
export function PublicProfilePage({ userId, secret }: { userId: string; secret: string }) {
  const profile = usePublicProfile(userId, secret);
  const connect = useConnectToProfile(userId, secret);
  const [, navigate] = useLocation();
  const own = useMe().me?.id === userId;
  useDocumentTitle(profile.data ? `${profile.data.firstName} ${profile.data.lastName}` : 'Profile');

  if (profile.isPending) return <Spinner label="Loading profile" />;
  if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div className="page">
        <EmptyState
          title={missing ? 'User not found' : 'Error loading profile'}
          action={missing ? undefined : <Button onClick={() => void profile.refetch()}>Retry</Button>}
        >
          {missing ? 'This link may be out of date: ask them for their current one.' : 'Check your connection and try again.'}
        </EmptyState>
      </div>
    );
  }

  const data = profile.data;
  const onConnect = () =>
    connect.mutate(undefined, {
      onSuccess: () => {
        toast(CONNECTED_TOAST);
        navigate('/feed');
      },
      onError: () => toast(CONNECT_FAILED_TOAST),
    });

  const actions = own ? (
    <p className="public-profile-note">This is how other members see your profile.</p>
  ) : data.connected ? (
    <p className="public-profile-note">You're connected.</p>
  ) : (
    <Button size="lg" block onClick={onConnect} loading={connect.isPending}>
      Connect
    </Button>
  );

  return (
    <div className="page public-profile-page">
      <PublicProfileCard profile={data} actions={actions} />
      <MemberEventsCard events={data.events} />
    </div>
  );
}
