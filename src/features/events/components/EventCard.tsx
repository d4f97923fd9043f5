import { useId } from 'react';
import { Link } from 'wouter';
import type { AttendeeConnection, EventListItem } from '../../../../contract/events';
import { Button } from '../../../ui/Button';
import { eventWhenText, goingTooText, isItemPast, itemLocationText } from '../event-display';
import { EventImage } from './EventImage';
import { CalendarIcon } from '../../../ui/icons';
import { MapPinIcon, UsersIcon } from '../../../ui/event-icons';
import { LockedEventCard } from './LockedEventCard';
import { TagChips } from './TagChips';
import './events.css';

export interface EventCardProps {
  item: EventListItem;
  /** Connections of the member who attend (attendeeConnections[item.id]). */
  connections?: AttendeeConnection[];
  /** Whether the member may network: a profile with both role and story (docs/product.md section 3). */
  canConnect: boolean;
  /** Replaces opening /events/{id} when the card is chosen. */
  onSelect?: (eventId: string) => void;
  /** Replaces going to /pricing from a locked card. */
  onUpgrade?: () => void;
  /** 'eager' for cards on the first screen. */
  imageLoading?: 'eager' | 'lazy';
  className?: string;
}

/**
 * An event card: cover, name, dates, location, 3 category chips then '+ (n) more', the 'going too'
 * line and the 'Network' button. The name is the card's link (its hit area covers the whole card),
 * so the card is one tab stop and the Network button another. A PRO-only event this member may only
 * preview is shown as the locked card instead.
 */
export function EventCard({ item, connections, canConnect, onSelect, onUpgrade, imageLoading, className }: EventCardProps) {
  const titleId = useId();
  const event = item.eventData;
  if (!event) return <LockedEventCard item={item} onUpgrade={onUpgrade} imageLoading={imageLoading} className={className} />;

  const past = isItemPast(item);
  const location = itemLocationText(item);
  const goingToo = goingTooText(connections);
  const classes = ['event-card', past && 'event-card--past', className].filter(Boolean).join(' ');

  return (
    <article className={classes} aria-labelledby={titleId}>
      <div className="event-card-media">
        <EventImage src={event.imageUrl} loading={imageLoading} />
        <div className="event-card-badges">
          {/* Why it leads the list: the discovery order puts these first. */}
          {item.isFeatured && <span className="event-badge">Featured</span>}
          {event.isRegistered && <span className="event-badge event-badge--going">Going</span>}
          {event.isProOnly && <span className="event-badge event-badge--pro">PRO</span>}
          {past && <span className="event-badge">Past</span>}
        </div>
      </div>
      <div className="event-card-body">
        <h3 className="event-card-title" id={titleId}>
          <EventTitleLink id={item.id} name={event.name} onSelect={onSelect} />
        </h3>
        <p className="event-meta">
          <CalendarIcon size={16} />
          <span>{eventWhenText(event.dateTime, event.endDateTime)}</span>
        </p>
        {location && (
          <p className="event-meta">
            <MapPinIcon size={16} />
            <span>{location}</span>
          </p>
        )}
        <TagChips labels={event.categories.map((c) => c.label)} />
        {goingToo && (
          <p className="event-going">
            <UsersIcon size={16} />
            <span>{goingToo}</span>
          </p>
        )}
        <div className="event-card-actions">
          <NetworkButton eventId={item.id} canConnect={canConnect} />
        </div>
      </div>
    </article>
  );
}

/** The event's name as its link to /events/{id}, or a button running onSelect. */
export function EventTitleLink({ id, name, onSelect }: { id: string; name: string; onSelect?: (eventId: string) => void }) {
  if (onSelect) {
    return (
      <button type="button" className="event-link" onClick={() => onSelect(id)}>
        {name}
      </button>
    );
  }
  return (
    <Link href={`/events/${encodeURIComponent(id)}`} className="event-link">
      {name}
    </Link>
  );
}

/**
 * 'Network' opens the event's attendee deck (/events/{id}/connect). Without both role and story it
 * is disabled and says 'Complete profile to connect' (docs/product.md section 2).
 */
export function NetworkButton({ eventId, canConnect }: { eventId: string; canConnect: boolean }) {
  if (!canConnect) {
    return (
      <Button variant="secondary" size="sm" disabled className="event-network">
        Complete profile to connect
      </Button>
    );
  }
  return (
    <Link href={`/events/${encodeURIComponent(eventId)}/connect`} className="btn btn--secondary btn--sm event-network">
      <UsersIcon size={16} />
      Network
    </Link>
  );
}
