import { Link } from 'wouter';
import type { EventListItem } from '../../../../contract/events';
import { LockIcon } from '../../../ui/event-icons';
import { EventMetaList } from '../../../ui/EventMetaList';
import { dateText, itemLocationText, timeText } from '../event-summary';
import { BackButton } from './BackButton';
import { EventCover } from './EventCover';

/**
 * A PRO-only event seen by a member without PRO (docs/product.md sections 2 and 6): the preview only
 * (blurred image, date, blurb, location), 'Only accessible to pro users.', the 'PRO ONLY' badge and
 * the way to upgrade.
 */
export function LockedEventDetail({ item }: { item: EventListItem }) {
  const preview = item.previewData;
  const start = preview?.dateTime ?? null;
  const time = timeText(start);
  return (
    <article className="page event-detail event-detail--locked">
      <BackButton />
      <div className="event-locked">
        <div className="event-locked-media">
          <EventCover src={preview?.imageUrl} blurred />
          <div className="event-locked-overlay" aria-hidden="true">
            <span className="event-locked-lock">
              <LockIcon width="28" height="28" />
            </span>
          </div>
        </div>
        <div className="event-locked-body">
          <span className="badge event-pro-badge">PRO ONLY</span>
          <h1 className="event-locked-title">Only accessible to pro users.</h1>
          <p className="event-locked-lead">Upgrade to PRO to see the full event, register and connect with the people going.</p>
          <EventMetaList className="event-detail-meta" date={dateText({ dateTime: start, endDateTime: null })} time={time} place={itemLocationText(item)} />
          {preview?.aiGeneratedBlurb && <p className="event-detail-locked-blurb">{preview.aiGeneratedBlurb}</p>}
          <Link href="/pricing" className="btn btn--primary btn--lg event-locked-upgrade">
            Upgrade to view
          </Link>
        </div>
      </div>
    </article>
  );
}
