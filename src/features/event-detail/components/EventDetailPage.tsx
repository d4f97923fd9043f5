import { isProfileComplete } from '../../../../contract/profile-completeness';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePrefetchVenue } from '../../attendees/api/prefetch-venue';
import { useMe } from '../../../lib/signed-in-member';
import { useEvent } from '../api/get-event';
import { EventDetail } from './EventDetail';
import { EventDetailSkeleton, EventLoadError, EventNotFound } from './EventDetailStates';
import { LockedEventDetail } from './LockedEventDetail';
import './event-detail.css';

/**
 * /events/{id}: loading, not found (404, and 400 for an id that cannot exist), other errors with
 * Retry, the locked PRO preview, or the full event.
 */
export function EventDetailPage({ eventId }: { eventId: string }) {
  const query = useEvent(eventId);
  const { me } = useMe();
  // A registered member opening the event online gets what the venue needs (the deck) cached.
  usePrefetchVenue(eventId, query.data, me);

  if (query.isPending) return <EventDetailSkeleton />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404 || status === 400) return <EventNotFound />;
    // A refetch that failed (offline, where nothing held this path) leaves the event as it was.
    if (query.data === undefined)
      return <EventLoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }

  const item = query.data;
  if (!item.eventData) return <LockedEventDetail item={item} />;
  return <EventDetail item={item} event={item.eventData} profileComplete={me ? isProfileComplete(me) : false} />;
}
