import { useState } from 'react';
import type { EventListItem } from '../../../../contract/events';
import { CalendarIcon } from '../../../ui/icons';
import { BuildingIcon, ClockIcon, MapPinIcon } from '../../../ui/event-icons';
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
        <p className="join-eyebrow">You're invited to</p>
        <h1 className="join-title">{event?.name ?? 'A PRO event'}</h1>
        <ul className="join-meta">
          <li>
            <CalendarIcon width="18" height="18" />
            <span>{dateText({ dateTime: start, endDateTime: end })}</span>
          </li>
          {time && (
            <li>
              <ClockIcon size={18} />
              <span>{time}</span>
            </li>
          )}
          <li>
            <MapPinIcon size={18} />
            <span>{itemLocationText(item)}</span>
          </li>
          {event?.organizer && (
            <li>
              <BuildingIcon size={18} />
              <span>by {event.organizer.name}</span>
            </li>
          )}
        </ul>
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
