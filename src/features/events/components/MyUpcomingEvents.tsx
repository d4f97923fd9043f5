import { useId, useMemo, useRef } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useMyEvents } from '../api/get-my-events';
import { splitByCurrency } from '../event-display';
import { ListError } from './ListError';
import { EventCard } from './EventCard';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../ui/event-icons';
import { EventCardSkeleton } from './Skeletons';

/** Cards in view on a wide screen: their covers load at once, the rest lazily. */
const VISIBLE_CARDS = 3;

/**
 * 'My upcoming events': the member's registered events that are upcoming or under way, as a
 * horizontally scrolling row of cards (swipe on touch screens, arrow buttons on wide ones).
 */
export function MyUpcomingEvents({ canConnect }: { canConnect: boolean }) {
  const headingId = useId();
  const scroller = useRef<HTMLUListElement>(null);
  const query = useMyEvents();
  const upcoming = useMemo(() => (query.data ? splitByCurrency(query.data.events).upcoming : []), [query.data]);
  const connections = query.data?.attendeeConnections ?? {};

  const scrollBy = (direction: 1 | -1) => {
    const list = scroller.current;
    if (!list) return;
    list.scrollBy({ left: direction * list.clientWidth * 0.85, behavior: 'smooth' });
  };

  return (
    <section className="events-section" aria-labelledby={headingId}>
      <div className="events-section-header">
        <h2 className="events-section-title" id={headingId}>
          My upcoming events
        </h2>
        {upcoming.length > 1 && (
          <div className="carousel-controls">
            <button type="button" className="carousel-button" aria-label="Scroll back" onClick={() => scrollBy(-1)}>
              <ChevronLeftIcon width="18" height="18" />
            </button>
            <button type="button" className="carousel-button" aria-label="Scroll forward" onClick={() => scrollBy(1)}>
              <ChevronRightIcon width="18" height="18" />
            </button>
          </div>
        )}
      </div>
      {query.isPending ? (
        <ul className="carousel" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <li key={index} className="carousel-item">
              <EventCardSkeleton />
            </li>
          ))}
        </ul>
      ) : query.isError && !query.data ? (
        <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} compact />
      ) : upcoming.length === 0 ? (
        <p className="carousel-empty">You're not attending any upcoming events yet. Start exploring events to get connected!</p>
      ) : (
        <ul className="carousel" ref={scroller} aria-labelledby={headingId}>
          {upcoming.map((item, index) => (
            <li key={item.id} className="carousel-item">
              <EventCard item={item} connections={connections[item.id]} canConnect={canConnect} imageLoading={index < VISIBLE_CARDS ? 'eager' : 'lazy'} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
