import { Link } from 'wouter';
import type { AttendeeConnection } from '../../../../contract/events';

/** First names with an initial avatar; each opens the connection's profile. */
export function ConnectionList({ connections }: { connections: AttendeeConnection[] }) {
  return (
    <ul className="chip-list">
      {connections.map((connection) => (
        <li key={connection.id}>
          <Link href={`/connections/${encodeURIComponent(connection.id)}`} className="connection-item">
            <span className="connection-avatar" aria-hidden="true">
              {(connection.firstName.trim()[0] ?? '?').toUpperCase()}
            </span>
            <span className="connection-name">{connection.firstName}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
