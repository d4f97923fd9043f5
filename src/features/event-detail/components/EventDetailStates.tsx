import { EventLoadErrorState, EventNotFoundState } from '../../../ui/EventStates';

export function EventNotFound() {
  return (
    <div className="page event-detail">
      <EventNotFoundState />
    </div>
  );
}

export function EventLoadError(props: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="page event-detail">
      <EventLoadErrorState {...props} />
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
