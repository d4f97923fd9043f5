import type { ReactNode } from 'react';
import { CalendarIcon } from './icons';
import { ClockIcon, MapPinIcon } from './event-icons';

/**
 * When and where an event is, as the event page, its locked preview and the join page show it:
 * the date, the time when known, the place; `children` adds rows (the organizer).
 */
export function EventMetaList({
  className,
  date,
  time,
  place,
  children,
}: {
  className: string;
  date: string;
  time: string | null;
  place: string;
  children?: ReactNode;
}) {
  return (
    <ul className={className}>
      <li>
        <CalendarIcon width="18" height="18" />
        <span>{date}</span>
      </li>
      {time && (
        <li>
          <ClockIcon size={18} />
          <span>{time}</span>
        </li>
      )}
      <li>
        <MapPinIcon size={18} />
        <span>{place}</span>
      </li>
      {children}
    </ul>
  );
}
