import { useId } from 'react';
import { Card } from '../../../ui/Card';
import { useMyConnections } from '../api/get-my-connections';
import { ConnectionList } from './ConnectionList';
import { UsersIcon } from '../../../ui/event-icons';

/**
 * The member's connections who attend: 'Your connections attending' for a registered member,
 * 'People you might know' otherwise. Hidden when they cannot be loaded (the rest of the page
 * does not depend on them).
 */
export function AttendeeConnections({ eventId, registered }: { eventId: string; registered: boolean }) {
  const titleId = useId();
  const connections = useMyConnections(eventId);
  if (connections.isError) return null;
  const list = connections.data ?? [];
  return (
    <Card className="event-side-card" aria-labelledby={titleId} role="region">
      <h2 id={titleId} className="event-side-title">
        <UsersIcon size={18} />
        {registered ? 'Your connections attending' : 'People you might know'}
      </h2>
      {connections.isPending ? (
        <div className="connection-skeleton" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      ) : list.length === 0 ? (
        <p className="connections-note">None of your connections are going yet.</p>
      ) : (
        <ConnectionList connections={list} />
      )}
    </Card>
  );
}
