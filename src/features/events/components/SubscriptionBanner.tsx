import { Link } from 'wouter';
import { StarIcon } from '../../../ui/event-icons';

/** For members without PRO (docs/product.md section 2). */
export function SubscriptionBanner() {
  return (
    <aside className="subscription-banner" aria-label="Mingle Pro">
      <div className="subscription-banner-icon" aria-hidden="true">
        <StarIcon width="20" height="20" />
      </div>
      <div className="subscription-banner-text">
        <p className="subscription-banner-title">Unlock Premium events</p>
        <p className="subscription-banner-lead">PRO members see every event, get personal recommendations and exclusive invitations.</p>
      </div>
      <Link href="/pricing" className="btn btn--primary btn--sm subscription-banner-action">
        Upgrade now
      </Link>
    </aside>
  );
}
