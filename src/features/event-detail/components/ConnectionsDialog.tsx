import { Link } from 'wouter';
import type { AttendeeConnection } from '../../../../contract/events';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useMyConnections } from '../api/get-my-connections';
import { ConnectionList } from './ConnectionList';

/**
 * Opened by 'Connect with Attendees': the member's connections who attend this event, and the way
 * on to meeting the other attendees (/events/{id}/connect).
 */
export function ConnectionsDialog({ eventId, eventName, onClose }: { eventId: string; eventName: string; onClose: () => void }) {
  const connections = useMyConnections(eventId);
  return (
    <Dialog open title="Connected attendees" description={`Your connections who are going to ${eventName}.`} onClose={onClose} className="connections-dialog">
      <div className="connections-dialog-body">
        <DialogContent connections={connections.data} pending={connections.isPending} failed={connections.isError} onRetry={() => void connections.refetch()} />
      </div>
      <div className="connections-dialog-actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Link href={`/events/${encodeURIComponent(eventId)}/connect`} className="btn btn--primary btn--md">
          Meet attendees
        </Link>
      </div>
    </Dialog>
  );
}

function DialogContent({
  connections,
  pending,
  failed,
  onRetry,
}: {
  connections: AttendeeConnection[] | undefined;
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  if (pending) return <p className="connections-note">Loading your connections...</p>;
  if (failed) {
    return (
      <p className="connections-note">
        Your connections could not be loaded.{' '}
        <Button variant="link" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </p>
    );
  }
  if (!connections || connections.length === 0) {
    return <p className="connections-note">None of your connections are attending yet. Meet the other attendees to make new ones.</p>;
  }
  return <ConnectionList connections={connections} />;
}
