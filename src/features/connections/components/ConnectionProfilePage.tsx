import type { ReactNode } from 'react';
import type { Connection } from '../../../../contract/attendees';
import { Link } from 'wouter';
import type { ConnectionProfile } from '../../../../contract/profiles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { ArrowLeftIcon } from '../../../ui/icons';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { useMe } from '../../../lib/signed-in-member';
import { useConnection } from '../api/get-connection';
import { useListedConnection } from '../api/get-connections';
import { ConnectionNoteCard } from './ConnectionNoteCard';
import './connections.css';
import { metAt } from '../met-at';

/**
 * /connections/{id} (docs/product.md section 2): a connection's profile with their contact information and
 * where the two met; 'Profile not found' for anyone else. The profile's own parts (header, events)
 * come from the screen that composes it (the profile feature's).
 */
export function ConnectionProfilePage({
  userId,
  renderProfile,
  renderEvents,
}: {
  userId: string;
  /**
   * The header card: photo, name, role, place, counts, story; `note` goes under it. `partial`: the
   * profile comes from the connections list (offline), whose items carry no counts.
   */
  renderProfile: (profile: ConnectionProfile, note: ReactNode, partial: boolean) => ReactNode;
  renderEvents: (profile: ConnectionProfile) => ReactNode;
}) {
  const connection = useConnection(userId);
  // The list is asked for once the profile's first try failed (offline: the worker's copy answers).
  const listed = useListedConnection(userId, connection.failureCount > 0 || connection.isError).data;
  const memberId = useMe().me?.id;
  const missing = connection.isError && connection.error instanceof ApiError && connection.error.status === 404;
  // Until the full profile answers, or when it cannot (offline and never opened here), the list's
  // copy shows the name, where they met and the contact details; a 404 means no longer a connection.
  const data = connection.data ?? (listed && !missing ? listedProfile(listed) : undefined);
  useDocumentTitle(data ? `${data.firstName} ${data.lastName}` : 'Connection');

  if (!data && connection.isPending) return <Spinner label="Loading profile" />;
  if (!data) {
    return (
      <div className="page">
        <EmptyState
          title={missing ? 'Profile not found' : 'Error loading profile'}
          action={
            missing ? (
              <Link href="/connections" className="btn btn--primary btn--md">
                Your connections
              </Link>
            ) : (
              <Button onClick={() => void connection.refetch()}>Retry</Button>
            )
          }
        >
          {missing ? 'This person is not one of your connections.' : errorMessage(connection.error)}
        </EmptyState>
      </div>
    );
  }

  const partial = !connection.data;
  const met = (
    <p className="public-profile-note">
      {data.eventName ? metAt({ ...data, eventName: data.eventName }) : 'Connected'} on {formatDate(data.connectedAt)}
    </p>
  );
  return (
    <div className="page public-profile-page">
      <Link href="/connections" className="btn btn--ghost btn--sm connection-back">
        <ArrowLeftIcon width="16" height="16" />
        Your connections
      </Link>
      {renderProfile(data, met, partial)}
      <Card className="connection-contact" role="region" aria-label="Contact information">
        <div className="connection-contact-head">
          <h2 className="public-profile-section-title">Contact information</h2>
          <a className="btn btn--secondary btn--sm" href={`/api/users/${encodeURIComponent(data.id)}/connection.vcf`} download>
            Save contact
          </a>
        </div>
        <dl className="profile-fields">
          <div>
            <dt>LinkedIn</dt>
            {data.linkedinUrl ? (
              <dd>
                <a href={data.linkedinUrl} target="_blank" rel="noopener noreferrer">
                  {data.linkedinUrl.replace(/^https:\/\/www\./, '')}
                </a>
              </dd>
            ) : (
              <dd className="profile-empty">No link provided</dd>
            )}
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${data.email}`}>{data.email}</a>
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            {data.phone ? (
              <dd>
                <a href={`tel:${data.phone}`}>{data.phone}</a>
              </dd>
            ) : (
              <dd className="profile-empty">No number provided</dd>
            )}
          </div>
        </dl>
      </Card>
      {partial ? (
        // The list carries no note: an edit here could replace one the member wrote before.
        connection.isError && (
          <p className="connections-none" role="status">
            Saved on this device. The private note and events show when this profile loads.
          </p>
        )
      ) : (
        <>
          {memberId && <ConnectionNoteCard connection={data} memberId={memberId} />}
          {renderEvents(data)}
        </>
      )}
    </div>
  );
}

/** A connection's profile from its list item: what the list holds, no counts, events or note. */
function listedProfile(item: Connection): ConnectionProfile {
  return { ...item, locationDisplay: null, connectionCount: 0, eventCount: 0, connected: true, events: [], note: null };
}
