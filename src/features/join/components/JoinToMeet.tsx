import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { JOINED_TOAST, joinErrorToast, useJoinEvent } from '../api/join-event';
import './join.css';

// The goal step comes after joining, a press away: its form (and the form field) is not the deck's cold load.
const GoalForm = lazy(() => import('./GoalForm').then((m) => ({ default: m.GoalForm })));

export const JOIN_TO_MEET_TEXT = 'Only attendees can meet each other here. Join the event to see who is going and let them find you.';

/**
 * Meet Attendees for a member not registered at the event (the Network button of an event card):
 * instead of sending them back, the join flow right here, its goal step, then the deck.
 */
export function JoinToMeet({
  eventId,
  eventName,
  onJoining,
}: {
  eventId: string;
  eventName: string;
  /**
   * True from the press of 'Join event' until the goal step is done (or the join failed): the page
   * keeps showing this although the event now says the member is registered.
   */
  onJoining: (joining: boolean) => void;
}) {
  const join = useJoinEvent(eventId);
  const [step, setStep] = useState<'join' | 'goal'>('join');

  if (step === 'goal') {
    return (
      <Card className="join-to-meet">
        <h2 className="join-to-meet-title">You're in! What's your goal?</h2>
        <p className="join-to-meet-text">Tell the other attendees of {eventName} what you hope to get out of it, so the right people find you.</p>
        <Suspense fallback={<Spinner label="Loading" />}>
          <GoalForm eventId={eventId} onDone={() => onJoining(false)} />
        </Suspense>
      </Card>
    );
  }
  return (
    <Card className="join-to-meet">
      <h2 className="join-to-meet-title">Join {eventName} to meet its attendees</h2>
      <p className="join-to-meet-text">{JOIN_TO_MEET_TEXT}</p>
      <div className="join-to-meet-actions">
        <Button
          size="lg"
          loading={join.isPending}
          onClick={() => {
            onJoining(true);
            join.mutate(
              { goal: '' },
              {
                onSuccess: () => {
                  toast(JOINED_TOAST);
                  setStep('goal');
                },
                onError: (error) => {
                  onJoining(false);
                  toast(joinErrorToast(error));
                },
              },
            );
          }}
        >
          Join event
        </Button>
        <Link href={`/events/${encodeURIComponent(eventId)}`} className="btn btn--secondary btn--lg">
          See the event first
        </Link>
      </div>
    </Card>
  );
}
