import { useId, useState } from 'react';
import { clockText } from '../meeting-time-text';
import type { PickerSlot } from '../picker-slots';

interface Props {
  days: { day: string; slots: PickerSlot[] }[];
  timeZone: string;
  otherName: string;
  value: number | null;
  onChange(start: number): void;
}

/** What a slot that cannot be chosen says, read out with its time. */
function busyText(slot: PickerSlot, otherName: string): string | null {
  if (!slot.busy) return null;
  if (slot.busy.kind === 'meeting') return `Meeting with ${slot.busy.withName}`;
  if (slot.busy.kind === 'session') return 'In a session';
  return `${otherName} is busy`;
}

/**
 * The times a meeting may start, a day at a time: free ones can be chosen, the others say why not
 * (the member's own meeting or session, or only that the other is busy). Radio buttons, so arrows
 * move between times and the choice is read as one.
 */
export function MeetingTimePicker({ days, timeZone, otherName, value, onChange }: Props) {
  const chosenDay = days.findIndex((day) => day.slots.some((slot) => slot.start === value));
  const [dayIndex, setDayIndex] = useState(Math.max(0, chosenDay));
  const name = useId();
  const day = days[Math.min(dayIndex, days.length - 1)];
  if (!day) return <p className="meeting-picker-none">No times are left at this event.</p>;
  return (
    <fieldset className="meeting-picker">
      <legend className="meeting-field-label">Time</legend>
      {days.length > 1 && (
        <div className="meeting-picker-days" role="group" aria-label="Day">
          {days.map((d, index) => (
            <button
              key={d.day}
              type="button"
              className={`meeting-picker-day${index === dayIndex ? ' meeting-picker-day--on' : ''}`}
              aria-pressed={index === dayIndex}
              onClick={() => setDayIndex(index)}
            >
              {d.day}
            </button>
          ))}
        </div>
      )}
      <div className="meeting-picker-slots">
        {day.slots.map((slot) => {
          const busy = busyText(slot, otherName);
          const time = clockText(slot.start, timeZone);
          return (
            <label key={slot.start} className={`meeting-slot${busy ? ' meeting-slot--busy' : ''}`}>
              <input
                type="radio"
                name={name}
                value={slot.start}
                checked={value === slot.start}
                disabled={busy !== null}
                onChange={() => onChange(slot.start)}
              />
              <span className="meeting-slot-time">{time}</span>
              {busy && <span className="meeting-slot-why">{busy}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
