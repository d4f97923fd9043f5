import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useMeetingWrite, type MeetingKind } from '../api/meeting-writes';
import type { ShownMeeting } from '../meetings-shown';
import type { OutboxPayloads } from '../../../offline/db';

const MeetingProposeForm = lazy(() => import('./meeting-forms').then((m) => ({ default: m.MeetingProposeForm })));
const NoteForm = lazy(() => import('./meeting-forms').then((m) => ({ default: m.NoteForm })));

type Step = 'decline' | 'cancel' | 'propose' | null;

/** What the member can do with the meeting now, as its state and time allow. */
export function MeetingActions({ meeting, now }: { meeting: ShownMeeting; now: number }) {
  const { write, ready } = useMeetingWrite();
  const [step, setStep] = useState<Step>(null);
  const base = { meetingId: meeting.id, eventId: meeting.eventId };
  const act = async <K extends MeetingKind>(kind: K, payload: Omit<OutboxPayloads[K], 'actedAt'>) => {
    try {
      await write(kind, { ...payload, actedAt: new Date().toISOString() } as OutboxPayloads[K]);
      setStep(null);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  const over = Date.parse(meeting.endsAt) <= now;
  const started = Date.parse(meeting.startsAt) <= now;
  const open = meeting.state === 'requested' || meeting.state === 'accepted';
  if (!ready || meeting.queued || !open || (meeting.state === 'requested' && started)) return null;

  if (step === 'propose') {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <MeetingProposeForm meeting={meeting} onDone={() => setStep(null)} />
      </Suspense>
    );
  }
  if (step === 'decline' || step === 'cancel') {
    const cancel = step === 'cancel';
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <NoteForm
          label={`Note to ${meeting.with.firstName} (optional)`}
          submitLabel={cancel ? (meeting.state === 'accepted' ? 'Cancel meeting' : 'Withdraw request') : 'Decline'}
          onCancel={() => setStep(null)}
          onSubmit={(note) => void act(cancel ? 'meeting-cancel' : 'meeting-decline', { ...base, note })}
        />
      </Suspense>
    );
  }

  if (meeting.state === 'accepted' && over) {
    return (
      <div className="meeting-actions" role="group" aria-label="How did it go?">
        <p className="meeting-actions-title">How did it go? Only you see this.</p>
        <Button
          variant={meeting.outcome === 'met' ? 'primary' : 'secondary'}
          aria-pressed={meeting.outcome === 'met'}
          onClick={() => void act('meeting-outcome', { ...base, outcome: 'met' })}
        >
          We met
        </Button>
        <Button
          variant={meeting.outcome === 'missed' ? 'primary' : 'secondary'}
          aria-pressed={meeting.outcome === 'missed'}
          onClick={() => void act('meeting-outcome', { ...base, outcome: 'missed' })}
        >
          It didn&apos;t happen
        </Button>
      </div>
    );
  }

  const answering = meeting.awaitingMe;
  return (
    <div className="meeting-actions">
      {answering && <Button onClick={() => void act('meeting-accept', base)}>{meeting.proposal ? 'Accept new time' : 'Accept'}</Button>}
      {answering && (
        <Button variant="secondary" onClick={() => (meeting.proposal ? void act('meeting-decline', { ...base, note: '' }) : setStep('decline'))}>
          {meeting.proposal ? 'Keep the current time' : 'Decline'}
        </Button>
      )}
      <Button variant="secondary" onClick={() => setStep('propose')}>
        {meeting.state === 'accepted' ? 'Propose a new time' : 'Propose another time'}
      </Button>
      {meeting.state === 'accepted' && !meeting.sync && (
        <a className="btn btn--secondary btn--md" href={`/api/meetings/${encodeURIComponent(meeting.id)}/calendar.ics`} download>
          Add to calendar
        </a>
      )}
      {(meeting.state === 'accepted' || meeting.requestedByMe) && (
        <Button variant="ghost" onClick={() => setStep('cancel')}>
          {meeting.state === 'accepted' ? 'Cancel meeting' : 'Withdraw request'}
        </Button>
      )}
    </div>
  );
}
