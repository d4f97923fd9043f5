import { useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { useConnections } from '../api/get-connections';
import { searchConnections } from '../connection-search';
import './connections.css';
import { metAt } from '../met-at';

/**
 * /connections (docs/product.md section 2): the member's connections, newest first, searchable by first
 * name, last name and role; each opens the connection's profile, and says where they met.
 */
export function ConnectionsScreen() {
  const connections = useConnections();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const shown = useMemo(() => searchConnections(connections.data ?? [], query), [connections.data, query]);

  let body;
  if (connections.isPending) body = <Spinner label="Loading connections" />;
  else if (connections.isError)
    body = (
      <EmptyState
        title="Error loading connections"
        action={
          <Button onClick={() => void connections.refetch()} loading={connections.isFetching}>
            Retry
          </Button>
        }
      >
        {errorMessage(connections.error)}
      </EmptyState>
    );
  else if (connections.data.length === 0)
    body = (
      <EmptyState
        title="You have no connections yet."
        action={
          <Link href="/events" className="btn btn--primary btn--md">
            Find events
          </Link>
        }
      >
        Connect with people at an event: when you both swipe right, they show up here.
      </EmptyState>
    );
  else if (shown.length === 0) body = <p className="connections-none">No connections match “{query.trim()}”.</p>;
  else
    body = (
      <ul className="connections-list">
        {shown.map((connection) => (
          <li key={connection.id}>
            <Link href={`/connections/${encodeURIComponent(connection.id)}`} className="connection-card">
              <Avatar id={connection.id} firstName={connection.firstName} lastName={connection.lastName} imageUrl={connection.imageUrl} />
              <span className="connection-card-text">
                <span className="connection-card-name">
                  {connection.firstName} {connection.lastName}
                </span>
                {connection.role && <span className="connection-card-role">{connection.role}</span>}
                <span className="connection-card-met">
                  {connection.eventName ? `${metAt({ ...connection, eventName: connection.eventName })} · ` : 'Connected '}
                  {formatDate(connection.connectedAt)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="page connections-page">
      <header className="page-header connections-header">
        <h1 className="page-title">Connections</h1>
        {(connections.data?.length ?? 0) > 0 && (
          // Downloads the server makes (vCard 4.0, CSV with a BOM); the browser saves them.
          <div className="connections-exports">
            <a className="btn btn--secondary btn--sm" href="/api/users/connections/export.vcf" download>
              Export vCard
            </a>
            <a className="btn btn--secondary btn--sm" href="/api/users/connections/export.csv" download>
              Export CSV
            </a>
          </div>
        )}
      </header>
      {(connections.data?.length ?? 0) > 0 && (
        <div className="connections-search">
          <label className="visually-hidden" htmlFor={searchId}>
            Search connections
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            placeholder="Search by name or role"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      )}
      {body}
    </div>
  );
}
