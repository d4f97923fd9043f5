import { useId } from 'react';
import type { EventListItem } from '../../../../contract/events';
import { eventWhenText, isItemPast, itemLocationText } from '../event-display';
import { EventTitleLink } from './EventCard';
import { EventImage } from './EventImage';
import { CalendarIcon } from '../../../ui/icons';
import { ChevronRightIcon, MapPinIcon } from '../../../ui/event-icons';
import { LockedEventCard } from './LockedEventCard';
import './events.css';

export interface EventRowProps {
  item: EventListItem;
  /** Replaces opening /events/{id}. */
  onSelect?: (eventId: string) => void;
  /** Replaces going to /pricing from a locked row. */
  onUpgrade?: () => void;
  className?: string;
}

/**
 * An event in a list (docs/product.md section 2): name, date range, location ('{name}, {country}' or the
 * free text). Choosing it opens /events/{id} unless onSelect is given. Past events are dimmed. A
 * PRO-only event this member may only preview is replaced by the locked card.
 */
export function EventRow({ item, onSelect, onUpgrade, className }: EventRowProps) {
  const titleId = useId();
  const event = item.eventData;
  if (!event) return <LockedEventCard item={item} onUpgrade={onUpgrade} layout="row" className={className} />;

  const past = isItemPast(item);
  const location = itemLocationText(item);
  const classes = ['event-row', past && 'event-row--past', className].filter(Boolean).join(' ');
  return (
    <article className={classes} aria-labelledby={titleId}>
      <EventImage src={event.imageUrl} className="event-row-image" />
      <div className="event-row-body">
        <h3 className="event-row-title" id={titleId}>
          <EventTitleLink id={item.id} name={event.name} onSelect={onSelect} />
        </h3>
        <p className="event-meta">
          <CalendarIcon size={16} />
          <span>{eventWhenText(event.dateTime, event.endDateTime)}</span>
          {past && <span className="event-badge event-badge--inline">Past</span>}
        </p>
        {location && (
          <p className="event-meta">
            <MapPinIcon size={16} />
            <span>{location}</span>
          </p>
        )}
      </div>
      <ChevronRightIcon className="event-row-chevron" width="18" height="18" />
    </article>
  );
}
