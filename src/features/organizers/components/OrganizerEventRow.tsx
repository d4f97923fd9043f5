import { Link } from 'wouter';
import type { EventListItem } from '../../../../contract/events';
import { CalendarIcon } from '../../../ui/icons';
import { ChevronRightIcon, LockIcon, MapPinIcon } from '../../../ui/event-icons';
import { dateText, itemLocationText } from '../../event-detail/event-summary';

/**
 * One upcoming event of the organizer: name, date range and location, opening /events/{id}.
 * A locked PRO-only event (preview only) is shown as a locked row; it opens the locked detail.
 */
export function OrganizerEventRow({ item }: { item: EventListItem }) {
  const event = item.eventData;
  const locked = !event;
  const start = event?.dateTime ?? item.previewData?.dateTime ?? null;
  const image = event?.imageUrl ?? item.previewData?.imageUrl ?? null;
  return (
    <li>
      <Link href={`/events/${encodeURIComponent(item.id)}`} className={locked ? 'organizer-event organizer-event--locked' : 'organizer-event'}>
        <span className="organizer-event-thumb" aria-hidden="true">
          {image ? <img src={image} alt="" width={96} height={50} loading="lazy" decoding="async" /> : <CalendarIcon width="20" height="20" />}
          {locked && (
            <span className="organizer-event-lock">
              <LockIcon size={16} />
            </span>
          )}
        </span>
        <span className="organizer-event-body">
          <span className="organizer-event-name">
            {locked ? 'PRO event' : event.name}
            {locked && <span className="badge organizer-pro-badge">PRO ONLY</span>}
          </span>
          <span className="organizer-event-meta">
            <span>
              <CalendarIcon width="14" height="14" />
              {dateText({ dateTime: start, endDateTime: event?.endDateTime ?? null })}
            </span>
            <span>
              <MapPinIcon width="14" height="14" />
              {itemLocationText(item)}
            </span>
          </span>
          {locked && <span className="organizer-event-note">Only accessible to pro users.</span>}
        </span>
        <ChevronRightIcon size={16} className="organizer-event-chevron" />
      </Link>
    </li>
  );
}
