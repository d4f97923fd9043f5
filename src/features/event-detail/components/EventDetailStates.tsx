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
      <div className="detail-skeleton detail-skeleton--back" />
      <div className="event-detail-layout">
        <div className="event-detail-hero">
          <div className="event-cover detail-skeleton" />
        </div>
        <div className="event-detail-header">
          <div className="detail-skeleton detail-skeleton--title" />
          <div className="detail-skeleton detail-skeleton--line" />
          <div className="detail-skeleton detail-skeleton--line detail-skeleton--short" />
        </div>
        <div className="event-detail-side">
          <div className="detail-skeleton detail-skeleton--card" />
        </div>
        <div className="event-detail-main">
          <div className="detail-skeleton detail-skeleton--line" />
          <div className="detail-skeleton detail-skeleton--line" />
          <div className="detail-skeleton detail-skeleton--line detail-skeleton--short" />
        </div>
      </div>
    </div>
  );
}
