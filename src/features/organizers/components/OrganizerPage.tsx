import { useState } from 'react';
import { Link } from 'wouter';
import type { Organizer } from '../../../../contract/events';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { ArrowLeftIcon, CalendarIcon } from '../../../ui/icons';
import { BuildingIcon, GlobeIcon } from '../../../ui/event-icons';
import { externalUrl } from '../../event-detail/event-summary';
import { useOrganizer } from '../api/get-organizer';
import { useOrganizerEvents } from '../api/get-organizer-events';
import { OrganizerEventRow } from './OrganizerEventRow';
import './organizer.css';

/** /organizer/{id}: who organizes, their website, and their upcoming events. */
export function OrganizerPage({ organizerId }: { organizerId: string }) {
  const organizer = useOrganizer(organizerId);

  if (organizer.isPending) {
    return (
      <div className="page organizer-page" role="status" aria-label="Loading organizer">
        <div className="organizer-header organizer-header--loading">
          <div className="organizer-logo skeleton-block" />
          <div className="organizer-heading">
            <div className="skeleton-block organizer-skeleton-title" />
            <div className="skeleton-block organizer-skeleton-line" />
          </div>
        </div>
      </div>
    );
  }

  if (organizer.isError) {
    const status = organizer.error instanceof ApiError ? organizer.error.status : 0;
    const notFound = status === 404 || status === 400;
    return (
      <div className="page organizer-page">
        <EmptyState
          icon={<BuildingIcon width="20" height="20" />}
          title={notFound ? 'Organizer not found' : 'Error loading organizer'}
          action={
            notFound ? (
              <Link href="/events" className="btn btn--primary btn--md">
                Back to Events
              </Link>
            ) : (
              <Button onClick={() => void organizer.refetch()} loading={organizer.isFetching}>
                Retry
              </Button>
            )
          }
        >
          {notFound ? "This organizer doesn't exist or is no longer on Mingle." : errorMessage(organizer.error)}
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="page organizer-page">
      <Link href="/events" className="btn btn--ghost btn--sm organizer-back">
        <ArrowLeftIcon />
        Events
      </Link>
      <OrganizerHeader organizer={organizer.data} />
      <OrganizerEvents organizerId={organizerId} />
    </div>
  );
}

function OrganizerHeader({ organizer }: { organizer: Organizer }) {
  const [imageFailed, setImageFailed] = useState(false);
  const website = externalUrl(organizer.externalUrl);
  const initials = organizer.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <Card className="organizer-header">
      <div className="organizer-logo">
        {organizer.imageUrl && !imageFailed ? (
          <img src={organizer.imageUrl} alt="" width={96} height={96} decoding="async" onError={() => setImageFailed(true)} />
        ) : (
          <span aria-hidden="true">{initials || '?'}</span>
        )}
      </div>
      <div className="organizer-heading">
        <p className="page-eyebrow">Organizer</p>
        <h1 className="organizer-name">{organizer.name}</h1>
        {website && (
          <a className="organizer-website" href={website} target="_blank" rel="noopener noreferrer">
            <GlobeIcon size={16} />
            Visit website
          </a>
        )}
      </div>
      {organizer.description?.trim() && <p className="organizer-description">{organizer.description}</p>}
    </Card>
  );
}

function OrganizerEvents({ organizerId }: { organizerId: string }) {
  const events = useOrganizerEvents(organizerId);
  return (
    <section className="organizer-events" aria-labelledby="organizer-events-title">
      <h2 id="organizer-events-title" className="organizer-events-title">
        Upcoming events
      </h2>
      {events.isPending ? (
        <ul className="organizer-event-list" aria-hidden="true">
          {[0, 1, 2].map((n) => (
            <li key={n} className="organizer-event organizer-event--loading">
              <span className="organizer-event-thumb skeleton-block" />
              <span className="organizer-event-body">
                <span className="skeleton-block organizer-skeleton-line" />
                <span className="skeleton-block organizer-skeleton-line organizer-skeleton-line--short" />
              </span>
            </li>
          ))}
        </ul>
      ) : events.isError ? (
        <EmptyState
          icon={<CalendarIcon />}
          title="Error loading events"
          action={
            <Button variant="secondary" onClick={() => void events.refetch()} loading={events.isFetching}>
              Retry
            </Button>
          }
        >
          {errorMessage(events.error)}
        </EmptyState>
      ) : events.data.length === 0 ? (
        <EmptyState icon={<CalendarIcon />} title="No events yet">
          This organizer has no upcoming events on Mingle right now.
        </EmptyState>
      ) : (
        <ul className="organizer-event-list">
          {events.data.map((item) => (
            <OrganizerEventRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
