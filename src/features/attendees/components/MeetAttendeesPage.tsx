import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { isEventPast } from '../../../../contract/event-currency';
import { isProfileComplete } from '../../../../contract/profile-completeness';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useMe } from '../../../lib/signed-in-member';
import { useEventRechecked } from '../../event-detail/api/get-event';
import { usePrefetchVenue } from '../api/prefetch-venue';
import { MeetAttendees } from './MeetAttendees';

export const NOT_REGISTERED_REASON = 'Register for this event to meet its attendees.';
export const EVENT_OVER_REASON = 'This event has ended, so meeting its attendees is closed.';
export const PRO_ONLY_REASON = 'This event is for PRO members: upgrade to PRO to register and meet its attendees.';
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

/** What the page shows a member who is not registered: the join flow, composed in by the route. */
export type RenderJoin = (props: { eventId: string; eventName: string; onJoining: (joining: boolean) => void }) => ReactNode;

/**
 * /events/{eventId}/connect: registered attendees with a complete profile meet the others. A member
 * not registered gets `renderJoin` (the route's join flow, then the deck), or without it goes back to
 * the event with the reason; so do members without a complete profile, and everyone once the event
 * is over (a missing event shows its own 'Event Not Found' there). `headerActions` go beside the
 * deck's title (the route's QR exchange).
 */
export function MeetAttendeesPage({ eventId, renderJoin, headerActions }: { eventId: string; renderJoin?: RenderJoin; headerActions?: ReactNode }) {
  const { me } = useMe();
  const event = useEventRechecked(eventId);
  // Joined on this page: its goal step shows before the deck, although the member is registered now.
  const [joiningHere, setJoiningHere] = useState(false);
  usePrefetchVenue(eventId, event.data, me);
  if (me && !isProfileComplete(me)) return <BackToEvent eventId={eventId} reason={INCOMPLETE_PROFILE_REASON} />;
  if (event.data) {
    const data = event.data.eventData;
    // A PRO-only event locked to the member has no eventData: registering is not open to them, and
    // its page offers the upgrade.
    if (!data) return <BackToEvent eventId={eventId} reason={PRO_ONLY_REASON} />;
    const { name, dateTime, endDateTime } = data;
    // Judged here and now, not from the server's isPast of when the event was cached.
    const ended = isEventPast({ dateTime, endDateTime }, new Date());
    if (!data.isRegistered || joiningHere) {
      if (ended && !joiningHere) return <BackToEvent eventId={eventId} reason={EVENT_OVER_REASON} />;
      if (!renderJoin) return <BackToEvent eventId={eventId} reason={NOT_REGISTERED_REASON} />;
      return <div className="meet-attendees">{renderJoin({ eventId, eventName: name, onJoining: setJoiningHere })}</div>;
    }
    return <MeetAttendees eventId={eventId} memberId={me?.id ?? null} event={{ name, dateTime, endDateTime, ended }} headerActions={headerActions} />;
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
