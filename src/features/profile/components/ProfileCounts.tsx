import { Link } from 'wouter';
import './public-profile.css';
import { useProfileCount } from '../api/get-profile-counts';

/** The own profile header's 'Network' (connections, a link to /connections) and 'Events' counts (docs/product.md section 2). */
export function ProfileCounts({ userId }: { userId: string }) {
  const network = useProfileCount(userId, 'connections');
  const events = useProfileCount(userId, 'events');
  return (
    <dl className="public-profile-counts profile-counts">
      <div>
        <dt>
          <Link href="/connections" className="profile-counts-link">
            Network
          </Link>
        </dt>
        <dd>{network.data?.count ?? '–'}</dd>
      </div>
      <div>
        <dt>Events</dt>
        <dd>{events.data?.count ?? '–'}</dd>
      </div>
    </dl>
  );
}
