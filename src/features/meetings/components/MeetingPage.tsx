import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { useMeeting } from '../api/get-meeting';
import { stateText } from '../meeting-sections';
import { meetingTimeText } from '../meeting-time-text';
import { useShownMeeting } from '../use-shown-meetings';
import { SafetyButton } from '../../safety/safety-button';
import { MeetingActions } from './MeetingActions';
import './meetings.css';

/** /meetings/{id}: the person, the time and place, the state, and what the member can do next. */
export function MeetingPage({ meetingId }: { meetingId: string }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const query = useMeeting(queryClient, meetingId);
  const { shown: meeting, discard } = useShownMeeting(query.data);
  const [now] = useState(() => Date.now());
  useDocumentTitle(meeting ? `Meeting with ${meeting.with.firstName}` : 'Meeting');

  if (!meeting) {
    if (query.isPending) return <Spinner label="Loading meeting" />;
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="page meeting-page">
        <h1 className="page-title">Meeting</h1>
        <EmptyState
          title={missing ? 'Meeting not found' : 'Error loading meeting'}
          action={
            missing ? (
              <Link href="/meetings" className="btn btn--primary btn--md">
                Your meetings
              </Link>
            ) : (
              <Button onClick={() => void query.refetch()} loading={query.isFetching}>
                Retry
              </Button>
            )
          }
        >
          {missing ? 'It is not one of your meetings, or it no longer exists.' : errorMessage(query.error)}
        </EmptyState>
      </div>
    );
  }

  const person = meeting.with;
  const refused = meeting.sync?.state === 'refused' ? meeting.sync : null;
  return (
    <div className="page meeting-page">
      <header className="page-header">
        <Link href={`/events/${encodeURIComponent(meeting.eventId)}/meetings`} className="meeting-back">
          {meeting.eventName ? `Meetings at ${meeting.eventName}` : 'Meetings at this event'}
        </Link>
        <h1 className="page-title">Meeting with {person.firstName}</h1>
      </header>
      <div className="meeting-person">
        <Avatar id={person.id ?? meeting.id} firstName={person.firstName} lastName={person.lastName} imageUrl={person.imageUrl} />
        {person.id ? (
          <Link href={`/users/${encodeURIComponent(person.id)}`}>
            {person.firstName} {person.lastName}
          </Link>
        ) : (
          <span>
            {person.firstName} {person.lastName}
          </span>
        )}
        {person.id && (
          <SafetyButton
            member={{ id: person.id, firstName: person.firstName, lastName: person.lastName, imageUrl: person.imageUrl }}
            onBlocked={() => navigate('/meetings')}
          />
        )}
      </div>
      <dl className="meeting-facts">
        <dt>When</dt>
        <dd>{meetingTimeText(meeting.startsAt, meeting.endsAt, meeting.timeZone)}</dd>
        <dt>Where</dt>
        <dd>{meeting.place}</dd>
        <dt>State</dt>
        <dd>
          {stateText(meeting, now)}
          {meeting.sync?.state === 'waiting' && <span className="meeting-sync"> · Waiting to send</span>}
        </dd>
        {meeting.proposal && (
          <>
            <dt>New time proposed</dt>
            <dd>
              {meetingTimeText(meeting.proposal.startsAt, meeting.proposal.endsAt, meeting.timeZone)} · {meeting.proposal.place}
            </dd>
          </>
        )}
        {meeting.message && (
          <>
            <dt>Message</dt>
            <dd className="meeting-text">{meeting.message}</dd>
          </>
        )}
        {meeting.note && (
          <>
            <dt>Note</dt>
            <dd className="meeting-text">{meeting.note}</dd>
          </>
        )}
      </dl>
      {refused && (
        <div className="meeting-card-refusal" role="status">
          <p>{refused.reason}</p>
          {discard && (
            <Button variant="ghost" size="sm" onClick={() => discard(refused.record.id)}>
              Dismiss
            </Button>
          )}
        </div>
      )}
      <MeetingActions meeting={meeting} now={now} />
    </div>
  );
}
