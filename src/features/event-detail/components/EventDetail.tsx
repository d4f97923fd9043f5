import { Link } from 'wouter';
import type { EventData, EventItem } from '../../../../contract/events';
import { BuildingIcon } from '../../../ui/event-icons';
import { EventMetaList } from '../../../ui/EventMetaList';
import { dateText, locationText, timeText } from '../event-summary';
import { AboutSection } from './AboutSection';
import { AttendeeConnections } from './AttendeeConnections';
import { BackButton } from './BackButton';
import { EventCover } from './EventCover';
import { RegistrationPanel } from './RegistrationPanel';

export interface EventDetailProps {
  item: EventItem;
  event: EventData;
  profileComplete: boolean;
}

/** An event the member may see in full. */
export function EventDetail({ item, event, profileComplete }: EventDetailProps) {
  const time = timeText(event.dateTime, event.endDateTime);
  return (
    <article className="page event-detail">
      <BackButton />
      <div className="event-detail-layout">
        <div className="event-detail-hero">
          <EventCover src={event.imageUrl} />
        </div>

        <header className="event-detail-header">
          {(event.isPast || event.sourceType === 'USER_ADDED' || event.isProOnly) && (
            <div className="event-detail-badges">
              {event.isProOnly && <span className="badge event-pro-badge">PRO</span>}
              {event.sourceType === 'USER_ADDED' && <span className="badge">Community event</span>}
              {event.isPast && <span className="badge">Past event</span>}
            </div>
          )}
          <h1 className="event-detail-title">{event.name}</h1>
          {event.organizer && (
            <p className="event-detail-organizer">
              <BuildingIcon size={18} />
              <span>
                by{' '}
                <Link href={`/organizer/${encodeURIComponent(event.organizer.id)}`} className="event-detail-organizer-link">
                  {event.organizer.name}
                </Link>
              </span>
            </p>
          )}
          <EventMetaList
            className="event-detail-meta"
            date={dateText(event)}
            time={time}
            place={locationText(item.locationDisplay ?? event.locationDisplay, event.location)}
          />
        </header>

        <aside className="event-detail-side" aria-label="Your registration">
          <RegistrationPanel event={event} profileComplete={profileComplete} />
          <AttendeeConnections eventId={event.id} registered={event.isRegistered} />
        </aside>

        <div className="event-detail-main">
          <AboutSection html={event.description} />
          {event.agenda?.trim() && (
            <section className="event-section">
              <h2 className="event-section-title">Agenda</h2>
              <p className="event-agenda">{event.agenda}</p>
            </section>
          )}
          {event.categories.length > 0 && (
            <section className="event-section">
              <h2 className="event-section-title">Categories</h2>
              <ul className="event-chips">
                {event.categories.map((category) => (
                  <li key={category.id} className="event-chip">
                    {category.label}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </article>
  );
}
