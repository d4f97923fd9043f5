import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateRange } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { YOUR_EVENTS_SHOWN, type YourEvent } from '../your-events';
import './your-events.css';

/**
 * A member's events as a profile lists them (docs/product.md section 2): the first 3 with Show More/Show
 * Less, a 'Past Events' divider before the first past one; each opens its event, or in edit mode
 * (own profile) offers Leave instead (Delete for an event the member created).
 */
export function ProfileEventList({ events, onLeave }: { events: YourEvent[]; onLeave?: (event: YourEvent) => void }) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? events : events.slice(0, YOUR_EVENTS_SHOWN);
  const firstPast = shown.findIndex((event) => event.past);
  return (
    <>
      <ul className="your-events-list">
        {shown.map((event, index) => (
          <li key={event.id} className={event.past ? 'your-events-item your-events-item--past' : 'your-events-item'}>
            {index === firstPast && (
              <p className="your-events-divider" role="separator">
                Past Events
              </p>
            )}
            <div className="your-events-row">
              {onLeave ? (
                <span className="your-events-name">{event.name}</span>
              ) : (
                <Link href={`/events/${encodeURIComponent(event.id)}`} className="your-events-name your-events-link">
                  {event.name}
                </Link>
              )}
              <span className="your-events-date">{formatDateRange(event.dateTime, event.endDateTime)}</span>
              {onLeave && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="your-events-delete"
                  aria-label={`${event.createdByMe ? 'Delete' : 'Leave'} ${event.name}`}
                  onClick={() => onLeave(event)}
                >
                  {event.createdByMe ? 'Delete' : 'Leave'}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {events.length > YOUR_EVENTS_SHOWN && (
        <Button variant="link" onClick={() => setExpanded((value) => !value)} aria-expanded={expanded}>
          {expanded ? 'Show Less' : 'Show More'}
        </Button>
      )}
    </>
  );
}
