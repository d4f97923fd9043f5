import { CalendarIcon } from '../ui/icons';
import { EmptyState } from '../ui/EmptyState';

/**
 * / and /events. The events list (discovery, filters, 'My upcoming events') is built in a later
 * issue; until then the page says plainly that there is nothing to list yet.
 */
export function EventsRoute() {
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Events</h1>
        <p className="page-lead">Find events to attend and meet the people going.</p>
      </header>
      <EmptyState icon={<CalendarIcon />} title="No events to show yet">
        The event list is not available in this version of Mingle. It will appear here once it is.
      </EmptyState>
    </div>
  );
}
