import { Link } from 'wouter';
import type { FeedActivity } from '../../../../contract/feed';
import { Avatar } from '../../../ui/Avatar';
import { attendingVerb, timeAgo } from '../feed-rules';

/** One activity: who, what (a new connection, or an event they registered for) and when. */
export function FeedItem({ activity, now }: { activity: FeedActivity; now: Date }) {
  const name = `${activity.firstName} ${activity.lastName}`.trim();
  const profile = `/connections/${encodeURIComponent(activity.userId)}`;
  const person = (
    <Link href={profile} className="feed-item-person">
      {name}
    </Link>
  );
  return (
    <article className="feed-item" aria-label={name}>
      <Link href={profile} className="feed-item-avatar" tabIndex={-1} aria-hidden="true">
        <Avatar id={activity.userId} firstName={activity.firstName} lastName={activity.lastName} imageUrl={activity.imageUrl} size="sm" />
      </Link>
      <div className="feed-item-text">
        {activity.type === 'connection-attending-event' && activity.eventId ? (
          <p>
            {person} {attendingVerb(activity, now)}{' '}
            <Link href={`/events/${encodeURIComponent(activity.eventId)}`} className="feed-item-event">
              {activity.eventName ?? 'an event'}
            </Link>
          </p>
        ) : (
          <p>You connected with {person}</p>
        )}
        <time className="feed-item-time" dateTime={activity.createdAt}>
          {timeAgo(activity.createdAt, now)}
        </time>
      </div>
    </article>
  );
}
