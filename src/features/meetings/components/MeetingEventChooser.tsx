import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageState } from '../../../ui/PageState';
import { Spinner } from '../../../ui/Spinner';
import { useMyEvents } from '../../events/api/get-my-events';
import { usePublicProfile } from '../../profile/api/get-public-profile';
import { requestPath } from './MeetingCard';
import { sharedEvents } from '../shared-events';
import './meetings.css';

/**
 * /meetings/new?with={userId}, from a connection's page or a profile: meetings are at an event, so
 * the member picks one both attend that has not ended (with one, it opens straight away).
 */
export function MeetingEventChooser({ withUserId }: { withUserId: string }) {
  useDocumentTitle('Plan a meeting');
  const profile = usePublicProfile(withUserId, null);
  const mine = useMyEvents();
  const [now] = useState(() => Date.now());
  if (profile.isPending || mine.isPending) return <Spinner label="Loading your events" />;
  if (profile.isError || mine.isError) {
    return (
      <div className="page">
        <PageState title="Error loading events">{errorMessage(profile.error ?? mine.error)}</PageState>
      </div>
    );
  }
  const shared = sharedEvents(profile.data.events, mine.data.events, now);
  if (shared.length === 1) return <Redirect to={requestPath(shared[0]!.id, withUserId)} replace />;
  return (
    <div className="page meeting-page">
      <header className="page-header">
        <h1 className="page-title">Plan a meeting</h1>
      </header>
      {shared.length === 0 ? (
        <PageState title="No event together">You can meet {profile.data.firstName} at an event you are both registered for that has not ended.</PageState>
      ) : (
        <>
          <p>Which event will you meet {profile.data.firstName} at?</p>
          <ul className="meeting-list">
            {shared.map((event) => (
              <li key={event.id}>
                <Link href={requestPath(event.id, withUserId)} className="meeting-card-main">
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
