import './public-profile.css';
import { useProfileCount } from '../api/get-profile-counts';

/**
 * The profile header's 'Network' (connections) and 'Events' counts (SPEC.md section 2). 'Network'
 * will link to /connections once that screen exists (issue 11); until then it is a number, not a
 * link to a screen that is not there.
 */
export function ProfileCounts({ userId }: { userId: string }) {
  const network = useProfileCount(userId, 'connections');
  const events = useProfileCount(userId, 'events');
  return (
    <dl className="public-profile-counts profile-counts">
      <div>
        <dt>Network</dt>
        <dd>{network.data?.count ?? '–'}</dd>
      </div>
      <div>
        <dt>Events</dt>
        <dd>{events.data?.count ?? '–'}</dd>
      </div>
    </dl>
  );
}
