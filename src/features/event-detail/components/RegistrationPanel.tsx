import { lazy, Suspense, useContext, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { EventData } from '../../../../contract/events';
import { savedRedirects } from '../../../lib/redirects';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { toast } from '../../../ui/toast-store';
import { JOINED_TOAST, joinErrorToast, useJoinEvent } from '../../join/api/join-event';
import { InviteButton } from '../../join/invite-button';
import { isWaitingLeave } from '../../../offline/mutations/event-overlay';
import { OutboxContext } from '../../../offline/outbox-context';
import { useEventRecords } from '../../../offline/use-outbox-live';
import { externalUrl } from '../event-summary';
import { AddToCalendarLink } from './AddToCalendarLink';
import { LEAVE_WAITING_TEXT } from '../leave-waiting';
import { ConnectionsDialog } from './ConnectionsDialog';
import { GoalEditor } from './GoalEditor';
import { CheckCircleIcon, ExternalLinkIcon, UsersIcon } from '../../../ui/event-icons';

export interface RegistrationPanelProps {
  event: Pick<EventData, 'id' | 'name' | 'isRegistered' | 'goal' | 'eventUrl' | 'isPast' | 'dateTime' | 'hasMingleCompilation' | 'createdByMe' | 'sourceType'>;
  /** Role and story present (docs/product.md section 3): needed to connect with attendees. */
  profileComplete: boolean;
}

/** Starts the assistant's journey for this event (/assistant reads journey and eventId). */
const assistantHref = (journey: 'PREPARE_FOR_EVENT' | 'FOLLOW_UP', eventId: string) => `/assistant?journey=${journey}&eventId=${encodeURIComponent(eventId)}`;

const LeaveEventDialog = lazy(() => import('../../join/components/LeaveEventDialog').then((m) => ({ default: m.LeaveEventDialog })));

export const EVENT_OVER_TEXT = 'This event has ended, so meeting new attendees is closed.';

/** The member's part of an event: registered (connect, event page, goal) or not (Register Now). */
export function RegistrationPanel({ event, profileComplete }: RegistrationPanelProps) {
  return event.isRegistered ? <Registered event={event} profileComplete={profileComplete} /> : <NotRegistered eventId={event.id} isPast={event.isPast} />;
}

function Registered({ event, profileComplete }: RegistrationPanelProps) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [, navigate] = useLocation();
  const leaving = { id: event.id, name: event.name, createdByMe: event.createdByMe, community: event.sourceType === 'USER_ADDED' };
  const url = externalUrl(event.eventUrl);
  const path = `/events/${encodeURIComponent(event.id)}`;
  return (
    <Card className="event-side-card event-register event-register--registered">
      <p className="event-register-status">
        <CheckCircleIcon size={18} />
        You're registered
      </p>
      <div className="event-register-actions">
        {event.isPast ? (
          // Over: no new people to meet, but the connections made here stay to be seen.
          <>
            <p className="event-register-hint">{EVENT_OVER_TEXT}</p>
            <Link href={`${path}/connect`} className="btn btn--secondary btn--lg btn--block">
              <UsersIcon size={18} />
              Your connections from this event
            </Link>
          </>
        ) : (
          <Button size="lg" block disabled={!profileComplete} onClick={() => setDialogOpen(true)}>
            <UsersIcon size={18} />
            {profileComplete ? 'Connect with Attendees' : 'Complete Profile to Connect'}
          </Button>
        )}
        {profileComplete && (
          <Link href={`${path}/meetings`} className="btn btn--secondary btn--lg btn--block">
            Meetings
          </Link>
        )}
        {!profileComplete && !event.isPast && (
          <p className="event-register-hint">
            Attendees see your title and story.{' '}
            <Link href="/complete-profile" onClick={() => savedRedirects.setAfterProfile(path)}>
              Complete your profile
            </Link>{' '}
            to start connecting.
          </p>
        )}
        {url && (
          <a className="btn btn--secondary btn--lg btn--block" href={url} target="_blank" rel="noopener noreferrer">
            External event page
            <ExternalLinkIcon size={18} />
          </a>
        )}
        {/* The creator's community event is found only through its join link. */}
        {event.createdByMe && !event.isPast && <InviteButton event={event} block />}
        {!event.isPast && event.dateTime && <AddToCalendarLink eventId={event.id} />}
        {/* The assistant's journeys for this event: prepare before it, follow up after. */}
        <Link href={assistantHref(event.isPast ? 'FOLLOW_UP' : 'PREPARE_FOR_EVENT', event.id)} className="btn btn--secondary btn--lg btn--block">
          {event.isPast ? 'Follow up' : 'Prepare with the assistant'}
        </Link>
        {/* A promoted event's figures, for its attendees only: nobody else gets a link to a 403. */}
        {event.hasMingleCompilation && (
          <Link href={`${path}/mingle`} className="btn btn--secondary btn--lg btn--block">
            See the mingle compilation
          </Link>
        )}
      </div>
      <GoalEditor eventId={event.id} goal={event.goal} readOnly={event.isPast} />
      {/* Leaving (deleting, for the event's creator) is the member's last choice here, set apart. */}
      <Button variant="ghost" size="sm" className="event-leave" onClick={() => setConfirming(true)}>
        {event.createdByMe ? 'Delete event' : 'Leave event'}
      </Button>
      {dialogOpen && <ConnectionsDialog eventId={event.id} eventName={event.name} onClose={() => setDialogOpen(false)} />}
      {confirming && (
        <Suspense fallback={null}>
          <LeaveEventDialog
            leaving={leaving}
            onClose={() => setConfirming(false)}
            // A deleted event has no page left to show, and a community event left may no longer be
            // visible to the member (only to the creator's connections).
            onLeft={leaving.community ? () => navigate('/events', { replace: true }) : undefined}
          />
        </Suspense>
      )}
    </Card>
  );
}

function NotRegistered({ eventId, isPast }: { eventId: string; isPast: boolean }) {
  const join = useJoinEvent(eventId);
  // Not asked for: with a leave waiting the outbox holds work, and the app loads it to send it.
  const records = useEventRecords(useContext(OutboxContext), eventId);
  const leaving = records?.some((record) => isWaitingLeave(record, eventId)) ?? false;
  const register = () => {
    // No secret: the member can see this event, so it can be joined as it is; the goal comes later.
    join.mutate({ goal: '' }, { onSuccess: () => toast(JOINED_TOAST), onError: (error) => toast(joinErrorToast(error)) });
  };
  return (
    <Card className="event-side-card event-register">
      {leaving && (
        <p className="event-register-hint" role="status">
          {LEAVE_WAITING_TEXT}
        </p>
      )}
      {isPast ? (
        <p className="event-register-text">This event has ended.</p>
      ) : (
        <>
          <p className="event-register-text">Register to connect with attendees and unlock networking opportunities!</p>
          <Button size="lg" block onClick={register} loading={join.isPending}>
            Register Now
          </Button>
        </>
      )}
    </Card>
  );
}
