import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { isEventPast } from '../../../../contract/event-currency';
import { isProfileComplete } from '../../../../contract/profile-completeness';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useMe } from '../../auth/api/get-me';
import { useEvent } from '../../event-detail/api/get-event';
import { usePrefetchVenue } from '../api/prefetch-venue';
import { MeetAttendees } from './MeetAttendees';

export const NOT_REGISTERED_REASON = 'Register for this event to meet its attendees.';
export const INCOMPLETE_PROFILE_REASON = 'Add your role and story to your profile to connect with attendees.';

/** Sends the member back to the event once, with the reason. */
function BackToEvent({ eventId, reason }: { eventId: string; reason: string | null }) {
  const [, navigate] = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (reason) toast({ title: 'Meet Attendees unavailable', description: reason, variant: 'destructive' });
    navigate(`/events/${eventId}`, { replace: true });
  });
  return null;
}

/**
 * /events/{eventId}/connect: only registered attendees with a complete profile get here; others
 * go back to the event with the reason (a missing event shows its own 'Event Not Found' there).
 */
export function MeetAttendeesPage({ eventId }: { eventId: string }) {
  const { me } = useMe();
  const event = useEvent(eventId);
  usePrefetchVenue(eventId, event.data, me);
  if (me && !isProfileComplete(me)) return <BackToEvent eventId={eventId} reason={INCOMPLETE_PROFILE_REASON} />;
  if (event.data) {
    if (!event.data.eventData?.isRegistered) return <BackToEvent eventId={eventId} reason={NOT_REGISTERED_REASON} />;
    const { name, dateTime, endDateTime } = event.data.eventData;
    // Judged here and now, not from the server's isPast of when the event was cached.
    const ended = isEventPast({ dateTime, endDateTime }, new Date());
    return <MeetAttendees eventId={eventId} memberId={me?.id ?? null} event={{ name, dateTime, endDateTime, ended }} />;
  }
  if (event.isError) {
    const status = event.error instanceof ApiError ? event.error.status : 0;
    if (status === 403 || status === 404) return <BackToEvent eventId={eventId} reason={status === 403 ? NOT_REGISTERED_REASON : null} />;
    return (
      <p role="alert" className="meet-attendees">
        {errorMessage(event.error)}
      </p>
    );
  }
  return <Spinner />;
}
