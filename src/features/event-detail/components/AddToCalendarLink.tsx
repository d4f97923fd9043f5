import { CalendarIcon } from '../../../ui/icons';

/**
 * 'Add to calendar': the event as an .ics file (GET events/{id}/calendar.ics). A plain download
 * link: a phone hands the file to its calendar app, a desktop saves it to open there.
 */
export function AddToCalendarLink({ eventId }: { eventId: string }) {
  return (
    <a className="btn btn--secondary btn--lg btn--block" href={`/api/events/${encodeURIComponent(eventId)}/calendar.ics`} download>
      <CalendarIcon width="18" height="18" />
      Add to calendar
    </a>
  );
}
