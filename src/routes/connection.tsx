import { Link, useLocation, useParams } from 'wouter';
import { ConnectionProfilePage } from '../features/connections/components/ConnectionProfilePage';
import { MemberEventsCard } from '../features/profile/components/MemberEventsCard';
import { PublicProfileCard } from '../features/profile/components/PublicProfileCard';
import { SafetyButton } from '../features/safety/safety-button';

/** /connections/{id}: the profile's parts around the connection; keyed by the member, so another starts clean. */
export function ConnectionRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  return (
    <ConnectionProfilePage
      key={id}
      userId={id}
      renderProfile={(profile, note, partial) => (
        <PublicProfileCard
          profile={profile}
          actions={
            <>
              {note}
              <Link href={`/messages/${encodeURIComponent(id)}`} className="btn btn--primary btn--md">
                Message
              </Link>
              <Link href={`/meetings/new?with=${encodeURIComponent(id)}`} className="btn btn--secondary btn--md">
                Plan a meeting
              </Link>
              <SafetyButton
                member={{ id, firstName: profile.firstName, lastName: profile.lastName, imageUrl: profile.imageUrl }}
                onBlocked={() => navigate('/connections')}
              />
            </>
          }
          countsUnknown={partial}
        />
      )}
      renderEvents={(profile) => <MemberEventsCard events={profile.events} />}
    />
  );
}
