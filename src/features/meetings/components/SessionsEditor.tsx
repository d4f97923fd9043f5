import { useId, useMemo, useState } from 'react';
import type { TimeSpan } from '../../../../contract/meetings';
import { STEP_MS } from '../../../../contract/meeting-slots';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { useAvailability } from '../api/get-availability';
import { useSaveSessions } from '../api/save-sessions';
import { clockText } from '../meeting-time-text';
import { pickerDays } from '../picker-slots';

/** Quarter hours back into spans: neighbours join. */
export function spansOf(starts: readonly number[]): TimeSpan[] {
  const spans: { start: number; end: number }[] = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    const last = spans.at(-1);
    if (last && last.end === start) last.end = start + STEP_MS;
    else spans.push({ start, end: start + STEP_MS });
  }
  return spans.map(({ start, end }) => ({ startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() }));
}

/**
 * 'Busy times' of the event's meetings view: the quarter hours the member is 'In a session', in
 * which nobody can ask them to meet. Saved all at once, online only (save-sessions.ts says why).
 */
export function SessionsEditor({ eventId }: { eventId: string }) {
  const availability = useAvailability(eventId, '');
  const save = useSaveSessions(eventId);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [now] = useState(() => Date.now());
  const titleId = useId();
  const data = availability.data;
  const days = useMemo(() => (data ? pickerDays({ ...data, mySessions: [], theirBusy: [] }, 15, now) : []), [data, now]);
  const saved = useMemo(() => {
    const starts = new Set<number>();
    for (const session of data?.mySessions ?? []) {
      for (let at = Date.parse(session.startsAt); at < Date.parse(session.endsAt); at += STEP_MS) starts.add(at);
    }
    return starts;
  }, [data]);
  const marked = chosen ?? saved;

  const toggle = (start: number) => {
    const next = new Set(marked);
    if (next.has(start)) next.delete(start);
    else next.add(start);
    setChosen(next);
  };
  const submit = () =>
    save.mutate(spansOf([...marked]), {
      onSuccess: () => {
        setChosen(null);
        setOpen(false);
      },
    });

  if (!data || days.length === 0) return null;
  return (
    <section className="meeting-sessions" aria-labelledby={titleId}>
      <h2 id={titleId} className="meeting-section-title">
        Busy times
      </h2>
      <p className="meeting-sessions-text">
        {saved.size === 0
          ? 'Mark when you are in a session: nobody can ask you to meet then.'
          : `You are in a session for ${saved.size * 15} minutes at this event: nobody can ask you to meet then.`}
      </p>
      {!open ? (
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          Mark busy times
        </Button>
      ) : (
        <div className="meeting-sessions-editor">
          {days.map((day) => (
            <fieldset key={day.day} className="meeting-picker">
              <legend className="meeting-field-label">{day.day}</legend>
              <div className="meeting-picker-slots">
                {day.slots.map((slot) => (
                  <label key={slot.start} className={`meeting-slot${slot.busy ? ' meeting-slot--busy' : ''}`}>
                    <input type="checkbox" checked={marked.has(slot.start)} disabled={slot.busy !== null} onChange={() => toggle(slot.start)} />
                    <span className="meeting-slot-time">{clockText(slot.start, data.timeZone)}</span>
                    {slot.busy?.kind === 'meeting' ? (
                      <span className="meeting-slot-why">Meeting with {slot.busy.withName}</span>
                    ) : (
                      marked.has(slot.start) && <span className="meeting-slot-why">In a session</span>
                    )}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {save.isError && (
            <p className="meeting-form-error" role="alert">
              {errorMessage(save.error)}
            </p>
          )}
          <div className="meeting-form-actions">
            <Button
              variant="secondary"
              onClick={() => {
                setChosen(null);
                setOpen(false);
              }}
            >
              Cancel
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Save busy times
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
