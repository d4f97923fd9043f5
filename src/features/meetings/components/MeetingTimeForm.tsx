import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { meetingProposalSchema } from '../../../../contract/meeting-requests';
import { MEETING_MINUTES, type MeetingAvailability, type MeetingMinutes } from '../../../../contract/meetings';
import { countText, isOverLimit } from '../../../lib/text-limit';
import { Button } from '../../../ui/Button';
import { TextAreaField, TextField } from '../../../ui/Field';
import { zoneNote } from '../meeting-time-text';
import { pickerDays } from '../picker-slots';
import { MeetingTimePicker } from './MeetingTimePicker';

export interface MeetingTimeValues {
  startsAt: string;
  minutes: MeetingMinutes;
  place: string;
  message: string;
}

interface Props {
  availability: Pick<MeetingAvailability, 'windows' | 'myMeetings' | 'mySessions' | 'theirBusy' | 'timeZone'>;
  otherName: string;
  /** Shown under the picker: why the other's free times are missing (offline). */
  note?: string;
  initial?: { startsAt: string; minutes: MeetingMinutes; place: string };
  /** A meeting being moved: its own time does not count as busy. */
  keep?: string;
  withMessage: boolean;
  submitLabel: string;
  sending: boolean;
  onSubmit(values: MeetingTimeValues): void;
  onCancel?(): void;
}

const minutesOf = (startsAt: string, endsAt: string) => Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000);
export const meetingMinutes = (startsAt: string, endsAt: string): MeetingMinutes => (minutesOf(startsAt, endsAt) === 15 ? 15 : 30);

/**
 * A meeting's time, length and place (and, for a request, a message): the same form asks and
 * proposes another time. Checked here as the server checks it, so nothing queued offline is
 * refused later for a reason the member could have fixed now.
 */
export function MeetingTimeForm({ availability, otherName, note, initial, keep, withMessage, submitLabel, sending, onSubmit, onCancel }: Props) {
  const [minutes, setMinutes] = useState<MeetingMinutes>(initial?.minutes ?? 30);
  const [start, setStart] = useState<number | null>(null);
  const [place, setPlace] = useState(initial?.place ?? '');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const days = pickerDays(availability, minutes, now, keep);
  const chosen = days.flatMap((day) => day.slots).find((slot) => slot.start === start && slot.busy === null);
  const placeCount = countText(place, 'meetingPlace');
  const messageCount = countText(message, 'meetingMessage');
  const zone = days[0]?.slots[0] ? zoneNote(days[0].slots[0].start, availability.timeZone) : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError('Choose a time');
      return;
    }
    const startsAt = new Date(chosen.start).toISOString();
    const checked = v.safeParse(meetingProposalSchema, { startsAt, minutes, place });
    if (!checked.success) {
      setError(checked.issues[0].message === 'Place is required' ? 'Say where to meet' : checked.issues[0].message);
      return;
    }
    setError(null);
    onSubmit({ startsAt, minutes, place: checked.output.place, message: message.trim() });
  };

  return (
    <form className="meeting-form" onSubmit={submit} noValidate>
      <fieldset className="meeting-lengths">
        <legend className="meeting-field-label">Length</legend>
        {MEETING_MINUTES.map((length) => (
          <label key={length} className={`meeting-length${length === minutes ? ' meeting-length--on' : ''}`}>
            <input type="radio" name="meeting-length" value={length} checked={length === minutes} onChange={() => setMinutes(length)} />
            {length} min
          </label>
        ))}
      </fieldset>
      <MeetingTimePicker days={days} timeZone={availability.timeZone} otherName={otherName} value={chosen?.start ?? null} onChange={setStart} />
      {(zone || note) && (
        <p className="meeting-form-note">
          {zone && `Times shown in ${zone.trim().slice(1, -1)}.`} {note}
        </p>
      )}
      <TextField
        label="Place"
        value={place}
        onChange={(e) => setPlace(e.target.value)}
        placeholder="Table 12, Coffee bar level 2"
        count={placeCount}
        autoComplete="off"
      />
      {withMessage && <TextAreaField label="Message (optional)" value={message} onChange={(e) => setMessage(e.target.value)} rows={3} count={messageCount} />}
      {error && (
        <p className="meeting-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="meeting-form-actions">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={sending} disabled={isOverLimit(placeCount) || isOverLimit(messageCount)}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
