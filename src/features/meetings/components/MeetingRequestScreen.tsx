import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useEvent } from '../../event-detail/api/get-event';
import { useMeetingWrite } from '../api/meeting-writes';
import { knownPerson } from '../known-person';
import { useMeetingAvailability } from '../use-meeting-availability';
import { MeetingTimeForm, type MeetingTimeValues } from './MeetingTimeForm';
import './meetings.css';

/** /events/{id}/meetings/new?with={userId}: asking an attendee to meet at a time and a place. */
export function MeetingRequestScreen({ eventId, withUserId }: { eventId: string; withUserId: string }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const event = useEvent(eventId);
  const { availability, note, failed } = useMeetingAvailability(eventId, withUserId);
  // The server names whom it lets the member ask; offline, a screen that showed them before does.
  const person = availability?.with ?? (availability && !note ? null : knownPerson(queryClient, withUserId));
  const { write, ready } = useMeetingWrite();
  const [sending, setSending] = useState(false);
  const eventName = event.data?.eventData?.name ?? null;
  useDocumentTitle(person ? `Meet ${person.firstName}` : 'Plan a meeting', eventName);

  if (!availability && !failed) return <Spinner label="Loading" />;
  if (!person || !availability) {
    return (
      <div className="page meeting-page">
        <h1 className="page-title">Plan a meeting</h1>
        <EmptyState
          title="You cannot ask this member here"
          action={
            <Link href={`/events/${encodeURIComponent(eventId)}`} className="btn btn--primary btn--md">
              Back to the event
            </Link>
          }
        >
          Meetings are between attendees of an event you are both registered for, both with a complete profile.
        </EmptyState>
      </div>
    );
  }

  const submit = async ({ startsAt, minutes, place, message }: MeetingTimeValues) => {
    setSending(true);
    try {
      const invitee = { id: person.id ?? withUserId, firstName: person.firstName, lastName: person.lastName, imageUrl: person.imageUrl ?? null };
      await write('meeting-request', {
        eventId,
        invitee,
        eventName,
        timeZone: availability.timeZone,
        startsAt,
        minutes,
        place,
        message,
        actedAt: new Date().toISOString(),
      });
      toast(
        navigator.onLine
          ? { title: 'Request sent', description: `Waiting for ${person.firstName} to answer.` }
          : { title: 'Saved offline', description: `${person.firstName} gets your request once you are back online.` },
      );
      navigate(`/events/${encodeURIComponent(eventId)}/meetings`);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="page meeting-page">
      <header className="page-header">
        <h1 className="page-title">Plan a meeting</h1>
        {eventName && <p className="meetings-event">at {eventName}</p>}
      </header>
      <div className="meeting-person">
        <Avatar id={person.id ?? withUserId} firstName={person.firstName} lastName={person.lastName} imageUrl={person.imageUrl} />
        <span>
          {person.firstName} {person.lastName}
        </span>
      </div>
      <MeetingTimeForm
        availability={availability}
        otherName={person.firstName}
        note={note}
        withMessage
        submitLabel="Send request"
        sending={sending || !ready}
        onSubmit={(values) => void submit(values)}
      />
    </div>
  );
}
