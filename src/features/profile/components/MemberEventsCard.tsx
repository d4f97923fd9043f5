import { useId, useMemo } from 'react';
import type { ProfileEvent } from '../../../../contract/profiles';
import { Card } from '../../../ui/Card';
import { arrangeProfileEvents } from '../your-events';
import { ProfileEventList } from './ProfileEventList';

/** Another member's events on their profile (docs/product.md section 2: titled 'Events'), those the viewer can see. */
export function MemberEventsCard({ events }: { events: ProfileEvent[] }) {
  const titleId = useId();
  const arranged = useMemo(() => arrangeProfileEvents(events), [events]);
  return (
    <Card className="your-events" role="region" aria-labelledby={titleId}>
      <div className="your-events-head">
        <h2 id={titleId} className="your-events-title">
          Events
        </h2>
      </div>
      {arranged.length === 0 ? <p className="your-events-empty">This user hasn't registered for any events yet.</p> : <ProfileEventList events={arranged} />}
    </Card>
  );
}
