import './events.css';

/** Placeholders of the exact size of what they stand for, so nothing moves when data arrives. */
export function EventCardSkeleton({ className }: { className?: string }) {
  return (
    <div className={['event-card', 'event-card--skeleton', className].filter(Boolean).join(' ')} aria-hidden="true">
      <div className="event-image skeleton" />
      <div className="event-card-body">
        <div className="skeleton skeleton-line skeleton-line--title" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line skeleton-line--short" />
        <div className="skeleton skeleton-line skeleton-line--chips" />
        <div className="event-card-actions">
          <div className="skeleton skeleton-button" />
        </div>
      </div>
    </div>
  );
}

export function EventRowSkeleton() {
  return (
    <div className="event-row event-row--skeleton" aria-hidden="true">
      <div className="event-image event-row-image skeleton" />
      <div className="event-row-body">
        <div className="skeleton skeleton-line skeleton-line--title" />
        <div className="skeleton skeleton-line skeleton-line--short" />
      </div>
    </div>
  );
}
