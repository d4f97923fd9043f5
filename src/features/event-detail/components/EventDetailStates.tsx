import { Link } from 'wouter';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { CalendarIcon } from '../../../ui/icons';
import { AlertIcon } from '../../../ui/event-icons';

/** docs/product.md section 2: the event does not exist, or this member may not see it (the API does not say which). */
export function EventNotFound() {
  return (
    <div className="page event-detail">
      <EmptyState
        icon={<CalendarIcon />}
        title="Event Not Found"
        action={
          <Link href="/events" className="btn btn--primary btn--md">
            Back to Events
          </Link>
        }
      >
        This event doesn't exist or you don't have access to view it.
      </EmptyState>
    </div>
  );
}

export function EventLoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="page event-detail">
      <EmptyState
        icon={<AlertIcon size={18} />}
        title="Error loading event"
        action={
          <Button onClick={onRetry} loading={retrying}>
            Retry
          </Button>
        }
      >
        {message}
      </EmptyState>
    </div>
  );
}

/** The page's shape while the event loads, so nothing jumps when it arrives. */
export function EventDetailSkeleton() {
  return (
    <div className="page event-detail" role="status" aria-label="Loading event">
      <div className="skeleton skeleton--back" />
      <div className="event-detail-layout">
        <div className="event-detail-hero">
          <div className="event-cover skeleton" />
        </div>
        <div className="event-detail-header">
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
        <div className="event-detail-side">
          <div className="skeleton skeleton--card" />
        </div>
        <div className="event-detail-main">
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      </div>
    </div>
  );
}
