import { errorMessage } from '../../../lib/api-client';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { useFreshConnections } from '../api/queries';

export const NO_EVENT_CONNECTIONS_TEXT = 'No connections at this event yet';

/** The member's connections made at this event. */
export function ConnectionsTab({ eventId }: { eventId: string }) {
  const connections = useFreshConnections();
  if (connections.isError && connections.data === undefined) return <p role="alert">{errorMessage(connections.error)}</p>;
  if (connections.data === undefined) return <Spinner />;
  const here = connections.data.filter((c) => c.eventId === eventId);
  if (here.length === 0) return <EmptyState title={NO_EVENT_CONNECTIONS_TEXT} />;
  return (
    <ul className="connection-list">
      {here.map((c) => {
        const name = `${c.firstName} ${c.lastName}`.trim();
        return (
          <li key={c.id} className="connection-row">
            <Avatar id={c.id} firstName={c.firstName} lastName={c.lastName} imageUrl={c.imageUrl} />
            <span>
              <span className="interaction-name">{name}</span>
              {c.role && <span className="connection-role">{c.role}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
