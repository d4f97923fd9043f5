import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError } from '../../../lib/api-client';
import { cameFromScan } from '../../../lib/scan-navigation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useMe } from '../../../lib/signed-in-member';
import { SafetyButton } from '../../safety/safety-button';
import { useConnectToProfile } from '../api/connect-to-profile';
import { usePublicProfile } from '../api/get-public-profile';
import { connectAtEventText, CONNECT_FAILED_TOAST, CONNECTED_TOAST } from '../connect-toasts';
import { useQueuedConnect } from '../use-queued-connect';
import { MemberEventsCard } from './MemberEventsCard';
import { PublicProfileCard } from './PublicProfileCard';

export const WILL_CONNECT_TEXT = "Will connect when you're back online";

/**
 * /users/{userId}/public/{secretId} (docs/product.md sections 2 and 8): a member's profile opened from the
 * link they shared (or their QR code), with Connect. Without a secret (/users/{userId}: a member met
 * at an event, such as the assistant's suggestions) the same page, and connecting happens at the event. Connecting through their link connects at
 * once, says so and goes on to the feed. Without network the connect waits in the outbox and is
 * sent once the network is back; a QR code scanned offline asks for that by itself. A member who
 * opens their own link sees what others see.
 */
export function PublicProfilePage({ userId, secret }: { userId: string; secret: string | null }) {
  const profile = usePublicProfile(userId, secret);
  // Connecting through a link needs its secret; without one these stay unused.
  const connect = useConnectToProfile(userId, secret ?? '');
  const [, navigate] = useLocation();
  const memberId = useMe().me?.id ?? null;
  const own = memberId === userId;
  const queued = useQueuedConnect(memberId, userId, secret ?? '', () => void profile.refetch());
  // Scanned without network, the scan is the request to connect; scanned online, Connect is.
  const [scannedOffline] = useState(() => cameFromScan() && !navigator.onLine);
  const scanHandled = useRef(false);
  useDocumentTitle(profile.data ? `${profile.data.firstName} ${profile.data.lastName}` : 'Profile');

  const unreachable =
    !profile.data && ((profile.isPending && profile.fetchStatus === 'paused') || (profile.error instanceof ApiError && profile.error.isNetworkError));
  const { queue } = queued;
  const wantsScanConnect = secret !== null && scannedOffline && !own && !profile.data?.connected;
  useEffect(() => {
    if (!wantsScanConnect || scanHandled.current) return;
    scanHandled.current = true;
    // A reload of this page is not a new scan.
    window.history.replaceState(null, '');
    queue();
  }, [wantsScanConnect, queue]);

  const onConnect = () => {
    if (!navigator.onLine) {
      queue();
      return;
    }
    connect.mutate(undefined, {
      onSuccess: () => {
        toast(CONNECTED_TOAST);
        navigate('/feed');
      },
      // The venue's network dropped on the way: the outbox sends it later.
      onError: (error) => (error instanceof ApiError && error.isNetworkError ? queue() : toast(CONNECT_FAILED_TOAST)),
    });
  };

  // Someone met at an event, or a connection: a meeting at an event both attend (docs/product.md, 'Meetings').
  const meet = (
    <>
      <Link href={`/meetings/new?with=${encodeURIComponent(userId)}`} className="btn btn--secondary btn--md">
        Plan a meeting
      </Link>
      {profile.data && (
        <SafetyButton
          member={{ id: userId, firstName: profile.data.firstName, lastName: profile.data.lastName, imageUrl: profile.data.imageUrl }}
          onBlocked={() => navigate('/events')}
        />
      )}
    </>
  );
  const actions = own ? (
    <p className="public-profile-note">This is how other members see your profile.</p>
  ) : profile.data?.connected ? (
    <>
      <p className="public-profile-note">
        <span>You're connected.</span> <Link href={`/connections/${encodeURIComponent(userId)}`}>See their contact details</Link>
      </p>
      {meet}
    </>
  ) : secret === null ? (
    profile.data && (
      <>
        <p className="public-profile-note">{connectAtEventText(profile.data.firstName)}</p>
        {meet}
      </>
    )
  ) : queued.waiting ? (
    <p className="public-profile-note" role="status">
      {WILL_CONNECT_TEXT}
    </p>
  ) : (
    <Button size="lg" block onClick={onConnect} loading={connect.isPending}>
      Connect
    </Button>
  );

  if (unreachable) {
    return (
      <div className="page public-profile-page">
        <Card className="public-profile">
          <h1 className="public-profile-name">Mingle profile</h1>
          <p className="public-profile-role">You're offline, so this profile can't be shown yet.</p>
          {actions}
        </Card>
      </div>
    );
  }
  if (profile.isPending) return <Spinner label="Loading profile" />;
  if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div className="page">
        <EmptyState
          title={missing ? 'User not found' : 'Error loading profile'}
          action={missing ? undefined : <Button onClick={() => void profile.refetch()}>Retry</Button>}
        >
          {missing
            ? secret === null
              ? 'Their profile shows to members who attend an event with them.'
              : 'This link may be out of date: ask them for their current one.'
            : 'Check your connection and try again.'}
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="page public-profile-page">
      <PublicProfileCard profile={profile.data} actions={actions} />
      <MemberEventsCard events={profile.data.events} />
    </div>
  );
}
