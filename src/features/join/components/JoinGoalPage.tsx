import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { hasRequiredConsent } from '../../../../contract/consent-granted';
import type { EventListItem } from '../../../../contract/events';
import { isProfileComplete } from '../../../../contract/profile-completeness';
import type { Me } from '../../../../contract/user';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { savedRedirects } from '../../../lib/redirects';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EventLoadErrorState, EventNotFoundState } from '../../../ui/EventStates';
import { ShieldIcon } from '../../../ui/icons';
import { TargetIcon } from '../../../ui/event-icons';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useMe } from '../../../lib/signed-in-member';
import { InlineAuth } from '../../auth/inline-auth';
import { usePublicEvent } from '../api/get-public-event';
import { isAlreadyRegistered, joinErrorToast, JOINED_TOAST, useJoinEvent } from '../api/join-event';
import { GoalForm } from './GoalForm';
import { InviteButton } from '../invite-button';
import { JoinEventSummary } from './JoinEventSummary';
import './join.css';

const COMPLETE_PROFILE_PATH = '/complete-profile';

/**
 * /events/{id}/join/{secret}/goal (docs/product.md section 4, Join flow), public. Everyone sees the event.
 * A visitor signs up or logs in right here and stays. A signed-in member who has accepted the terms
 * (the app's consent dialog blocks until then) and has a complete profile is joined with the
 * secret, once, and then sets a goal; without role or story they complete the profile first and
 * are brought back here.
 */
export function JoinGoalPage({ eventId, secret }: { eventId: string; secret: string }) {
  const event = usePublicEvent(eventId, secret);
  const { me } = useMe();

  if (event.isPending) {
    return (
      <JoinFrame signedIn={Boolean(me)}>
        <Spinner label="Loading event" />
      </JoinFrame>
    );
  }
  if (event.isError) {
    const status = event.error instanceof ApiError ? event.error.status : 0;
    const notFound = status === 404 || status === 400 || status === 403;
    return (
      <JoinFrame signedIn={Boolean(me)}>
        <div className="join-state">
          {notFound ? (
            <EventNotFoundState />
          ) : (
            <EventLoadErrorState message={errorMessage(event.error)} onRetry={() => void event.refetch()} retrying={event.isFetching} />
          )}
        </div>
      </JoinFrame>
    );
  }

  return (
    <JoinFrame signedIn={Boolean(me)}>
      <div className="join-layout">
        <Card className="join-event-card">
          <JoinEventSummary item={event.data} />
        </Card>
        <Card className="join-panel">
          <JoinPanel me={me} item={event.data} eventId={eventId} secret={secret} />
        </Card>
      </div>
    </JoinFrame>
  );
}

/** The page frame; a visitor (no app navigation) sees the brand at the top. */
function JoinFrame({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  return (
    <div className="page join-page">
      {!signedIn && (
        <div className="join-brand">
          <span className="brand-mark" aria-hidden="true">
            M
          </span>
          <span className="join-brand-name">Mingle</span>
        </div>
      )}
      {children}
    </div>
  );
}

function JoinPanel({ me, item, eventId, secret }: { me: Me | null | undefined; item: EventListItem; eventId: string; secret: string }) {
  const search = useSearch();
  if (me === undefined) return <Spinner />;
  if (me === null) {
    return (
      <div className="join-step">
        <h2 className="join-step-title">Join the event on Mingle</h2>
        <p className="join-step-text">Sign up or log in to register and see who else is going.</p>
        <InlineAuth initialTab="signup" />
      </div>
    );
  }
  if (!hasRequiredConsent(me.consents)) {
    return (
      <div className="join-step join-step--center">
        <ShieldIcon />
        <p className="join-step-text">Accept the terms and privacy policy to join the event.</p>
      </div>
    );
  }
  if (!isProfileComplete(me)) return <CompleteProfileFirst />;
  // Just created by this member (createdEventGoalPath), or their own event's link: registered already, no join.
  const justCreated = (new URLSearchParams(search).has('created') || item.eventData?.createdByMe === true) && item.eventData?.isRegistered === true;
  return (
    <JoinStep
      eventId={eventId}
      secret={secret}
      eventName={item.eventData?.name ?? null}
      goal={item.eventData?.goal ?? null}
      justCreated={justCreated}
      createdByMe={item.eventData?.createdByMe === true}
    />
  );
}

/** Role or story missing: remember this page for after /complete-profile and go there. */
function CompleteProfileFirst() {
  const [location, navigate] = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    savedRedirects.setAfterProfile(location);
    navigate(COMPLETE_PROFILE_PATH);
  }, [location, navigate]);
  return <Spinner label="Opening your profile" />;
}

/** Joins once with the secret, then asks for the goal; the event's creator goes to the goal at once. */
function JoinStep({
  eventId,
  secret,
  eventName,
  goal,
  justCreated,
  createdByMe,
}: {
  eventId: string;
  secret: string;
  eventName: string | null;
  goal: string | null;
  justCreated: boolean;
  createdByMe: boolean;
}) {
  const join = useJoinEvent(eventId);
  const { mutate } = join;
  const started = useRef(false);

  const run = useCallback(
    () =>
      mutate(
        { secret, goal: '' },
        {
          onSuccess: () => toast(JOINED_TOAST),
          onError: (error) => toast(joinErrorToast(error)),
        },
      ),
    [mutate, secret],
  );

  useEffect(() => {
    // Once per visit of this page, also under React's development double-run of effects.
    if (started.current || justCreated) return;
    started.current = true;
    run();
  }, [run, justCreated]);

  const joined = justCreated || join.isSuccess || (join.isError && isAlreadyRegistered(join.error));

  if (joined) {
    return (
      <div className="join-step">
        <span className="join-step-icon" aria-hidden="true">
          <TargetIcon size={18} />
        </span>
        <h2 className="join-step-title">{createdByMe ? "Your event is ready. What's your goal?" : "You're in! What's your goal?"}</h2>
        <p className="join-step-text">
          Tell the other attendees{eventName ? ` of ${eventName}` : ''} what you hope to get out of it, so the right people find you.
        </p>
        <GoalForm eventId={eventId} initialGoal={goal} />
        {createdByMe && eventName && (
          <div className="join-invite">
            <p className="join-step-text">Only people with the join link can find it: invite them.</p>
            <InviteButton event={{ id: eventId, name: eventName, secret }} block />
          </div>
        )}
      </div>
    );
  }
  if (join.isError) {
    return (
      <div className="join-step join-step--center">
        <p className="join-step-text">You could not be added to this event.</p>
        <Button onClick={run}>Try again</Button>
      </div>
    );
  }
  return <Spinner label="Joining the event" />;
}
