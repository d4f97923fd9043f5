import { Link, useLocation } from 'wouter';
import type { EventListItem } from '../../../../contract/events';
import { Button } from '../../../ui/Button';
import { eventLocationText, eventWhenText } from '../event-display';
import { EventImage } from './EventImage';
import { CalendarIcon } from '../../../ui/icons';
import { LockIcon, MapPinIcon } from '../../../ui/event-icons';
import './events.css';

/** The product name in 'Upgrade to {product} Pro'. */
const PRODUCT = 'Mingle';

export interface LockedEventCardProps {
  item: EventListItem;
  /** Runs instead of going to /pricing. */
  onUpgrade?: () => void;
  /** 'card' in grids and carousels, 'row' in lists. */
  layout?: 'card' | 'row';
  imageLoading?: 'eager' | 'lazy';
  className?: string;
}

/**
 * A PRO-only event for a member without PRO (docs/product.md section 2). Only the preview is shown (cover
 * blurred, date, location and the teaser text muted): the list item carries no eventData for it.
 */
export function LockedEventCard({ item, onUpgrade, layout = 'card', imageLoading, className }: LockedEventCardProps) {
  const [, navigate] = useLocation();
  const preview = item.previewData;
  // Only what a preview may show: the wrapper's locationDisplay and previewData, never eventData.
  const location = eventLocationText(item.locationDisplay, preview?.location);
  const classes = ['event-card', 'event-card--locked', layout === 'row' && 'event-card--locked-row', className].filter(Boolean).join(' ');

  return (
    <article className={classes} aria-label="This event is for Pro users only">
      <div className="event-card-media event-card-media--locked">
        <EventImage src={preview?.imageUrl} loading={imageLoading} />
        <div className="event-lock" aria-hidden="true">
          <LockIcon width="22" height="22" />
        </div>
        <div className="event-card-badges">
          <span className="event-badge event-badge--pro">PRO</span>
        </div>
      </div>
      <div className="event-card-body">
        <h3 className="event-card-title event-card-title--locked">
          {/* The preview's page (the teaser and what PRO unlocks), like any card's title. */}
          <Link href={`/events/${encodeURIComponent(item.id)}`} className="event-link">
            This event is for Pro users only
          </Link>
        </h3>
        {preview?.dateTime !== undefined && (
          <p className="event-meta event-meta--muted">
            <CalendarIcon size={16} />
            <span>{eventWhenText(preview.dateTime)}</span>
          </p>
        )}
        {location && (
          <p className="event-meta event-meta--muted">
            <MapPinIcon size={16} />
            <span>{location}</span>
          </p>
        )}
        {preview?.aiGeneratedBlurb && <p className="event-locked-blurb">{preview.aiGeneratedBlurb}</p>}
        <p className="event-locked-text">Upgrade your account to view full event details, connect with attendees, and unlock premium networking features.</p>
        <div className="event-card-actions">
          <Button size="sm" onClick={() => (onUpgrade ? onUpgrade() : navigate('/pricing'))}>
            {`Upgrade to ${PRODUCT} Pro`}
          </Button>
        </div>
      </div>
    </article>
  );
}
