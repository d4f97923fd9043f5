import { useId, useMemo } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../../lib/api-client';
import { EmptyState } from '../../../ui/EmptyState';
import { CalendarIcon } from '../../../ui/icons';
import { useMyEvents } from '../api/get-my-events';
import { splitByCurrency } from '../event-display';
import { ListError } from './ListError';
import { EventRow } from './EventRow';
import { EventRowSkeleton } from './Skeletons';

/**
 * "Events you're attending": every event the member is registered for, upcoming (soonest first, as
 * the server sorts them) and then the past ones, dimmed, under a 'Past events' divider.
 */
export function AttendingEvents() {
  const headingId = useId();
  const query = useMyEvents();
  const { upcoming, past } = useMemo(() => splitByCurrency(query.data?.events ?? []), [query.data]);

  let content;
  if (query.isPending) {
    content = (
      <div className="event-rows" role="status" aria-label="Loading events">
        {[0, 1, 2].map((index) => (
          <EventRowSkeleton key={index} />
        ))}
      </div>
    );
  } else if (query.isError && !query.data) {
    content = <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  } else if (upcoming.length + past.length === 0) {
    content = (
      <EmptyState
        icon={<CalendarIcon />}
        title="No events yet"
        action={
          <Link href="/events?tab=find" className="btn btn--primary btn--md">
            Find events
          </Link>
        }
      >
        Register for an event and it shows up here, with the people you can meet there.
      </EmptyState>
    );
  } else {
    content = (
      <>
        {upcoming.length > 0 && (
          <ul className="event-rows">
            {upcoming.map((item) => (
              <li key={item.id}>
                <EventRow item={item} />
              </li>
            ))}
          </ul>
        )}
        {past.length > 0 && (
          <>
            <h3 className="events-divider">Past events</h3>
            <ul className="event-rows">
              {past.map((item) => (
                <li key={item.id}>
                  <EventRow item={item} />
                </li>
              ))}
            </ul>
          </>
        )}
      </>
    );
  }

  return (
    <section className="events-section" aria-labelledby={headingId}>
      <div className="events-section-header">
        <h2 className="events-section-title" id={headingId}>
          Events you're attending
        </h2>
      </div>
      {content}
    </section>
  );
}
