import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { useMyEvents } from '../../events/api/get-my-events';
import { meetableEvents } from '../shared-events';
import { requestPath } from './MeetingCard';
import './meetings.css';

/**
 * /meetings/new?with={userId}, from a connection's page or a profile: meetings are at an event, so
 * the member picks one of theirs that has not ended (with one the other attends, it opens at once).
 */
export function MeetingEventChooser({ withUserId }: { withUserId: string }) {
  useDocumentTitle('Plan a meeting');
  const mine = useMyEvents();
  const [now] = useState(() => Date.now());
  if (mine.isPending) return <Spinner label="Loading your events" />;
  const events = mine.data ? meetableEvents(mine.data, withUserId, now) : [];
  if (events.length === 1 && events[0]!.together) return <Redirect to={requestPath(events[0]!.id, withUserId)} replace />;
  return (
    <div className="page meeting-page">
      <header className="page-header">
        <h1 className="page-title">Plan a meeting</h1>
      </header>
      {mine.isError ? (
        <EmptyState title="Error loading your events">{errorMessage(mine.error)}</EmptyState>
      ) : events.length === 0 ? (
        <EmptyState
          title="No event to meet at"
          action={
            <Link href="/events" className="btn btn--primary btn--md">
              Find events
            </Link>
          }
        >
          Meetings are at an event you both attend that has not ended.
        </EmptyState>
      ) : (
        <>
          <p>At which event?</p>
          <ul className="meeting-list">
            {events.map((event) => (
              <li key={event.id}>
                <Link href={requestPath(event.id, withUserId)} className="meeting-card meeting-card-main">
                  {event.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
