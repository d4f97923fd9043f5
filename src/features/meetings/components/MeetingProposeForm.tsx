import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast-store';
import { useMeetingWrite } from '../api/meeting-writes';
import type { ShownMeeting } from '../meetings-shown';
import { useMeetingAvailability } from '../use-meeting-availability';
import { meetingMinutes, MeetingTimeForm, type MeetingTimeValues } from './MeetingTimeForm';
import { Spinner } from '../../../ui/Spinner';

/** Another time or place for the meeting, chosen where both are free. */
export function MeetingProposeForm({ meeting, onDone }: { meeting: ShownMeeting; onDone(): void }) {
  const { write } = useMeetingWrite();
  const [sending, setSending] = useState(false);
  const { availability, note } = useMeetingAvailability(meeting.eventId, meeting.with.id ?? '', meeting.timeZone);
  if (!availability) return <Spinner label="Loading free times" />;
  const submit = async ({ startsAt, minutes, place }: MeetingTimeValues) => {
    setSending(true);
    try {
      await write('meeting-propose', { meetingId: meeting.id, eventId: meeting.eventId, startsAt, minutes, place, actedAt: new Date().toISOString() });
      onDone();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };
  return (
    <MeetingTimeForm
      availability={availability}
      otherName={meeting.with.firstName}
      note={note}
      initial={{ startsAt: meeting.startsAt, minutes: meetingMinutes(meeting.startsAt, meeting.endsAt), place: meeting.place }}
      keep={meeting.id}
      withMessage={false}
      submitLabel="Propose"
      sending={sending}
      onSubmit={(values) => void submit(values)}
      onCancel={onDone}
    />
  );
}
