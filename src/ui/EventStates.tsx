import { Link } from 'wouter';
import { Button } from './Button';
import { PageState } from './PageState';
import { CalendarIcon } from './icons';
import { AlertIcon } from './event-icons';

/**
 * docs/product.md section 2: the event does not exist, or this member may not see it (the API does
 * not say which). The event page and the join page both say it this way.
 */
export function EventNotFoundState() {
  return (
    <PageState
      icon={<CalendarIcon />}
      title="Event Not Found"
      action={
        <Link href="/events" className="btn btn--primary btn--md">
          Back to Events
        </Link>
      }
    >
      This event doesn't exist or you don't have access to view it.
    </PageState>
  );
}

/** Any other failure to load an event: what went wrong, and a retry. */
export function EventLoadErrorState({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <PageState
      icon={<AlertIcon size={18} />}
      title="Error loading event"
      action={
        <Button onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    >
      {message}
    </PageState>
  );
}
