import { useState } from 'react';
import type { EventListItem } from '../../../../contract/events';
import { CalendarIcon } from '../../../ui/icons';
import { BuildingIcon } from '../../../ui/event-icons';
import { EventMetaList } from '../../../ui/EventMetaList';
import { dateText, itemLocationText, timeText } from '../../event-detail/event-summary';

/** What the join link is for: cover, name, when, where and who organizes it. Shown to everyone. */
export function JoinEventSummary({ item }: { item: EventListItem }) {
  const event = item.eventData;
  const start = event?.dateTime ?? item.previewData?.dateTime ?? null;
  const end = event?.endDateTime ?? null;
  const time = timeText(start, end);
  return (
    <div className="join-summary">
      <Cover src={event?.imageUrl ?? item.previewData?.imageUrl ?? null} />
      <div className="join-summary-body">
        {/* The creator opens this page right after creating the event, and from its link. */}
        <p className="join-eyebrow">{event?.createdByMe ? 'Your event' : "You're invited to"}</p>
        <h1 className="join-title">{event?.name ?? 'A PRO event'}</h1>
        <EventMetaList className="join-meta" date={dateText({ dateTime: start, endDateTime: end })} time={time} place={itemLocationText(item)}>
          {event?.organizer && (
            <li>
              <BuildingIcon size={18} />
              <span>by {event.organizer.name}</span>
            </li>
          )}
        </EventMetaList>
      </div>
    </div>
  );
}

function Cover({ src }: { src: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div className="join-cover join-cover--empty" aria-hidden="true">
        <CalendarIcon width="32" height="32" />
      </div>
    );
  }
  return <img className="join-cover" src={src} alt="" width={1200} height={630} decoding="async" onError={() => setFailed(src)} />;
}
