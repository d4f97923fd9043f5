import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { useMyEvents } from '../../events/api/get-my-events';
import { arrangeYourEvents, type YourEvent } from '../your-events';
import { ProfileEventList } from './ProfileEventList';

const LeaveEventDialog = lazy(() => import('../../join/components/LeaveEventDialog').then((m) => ({ default: m.LeaveEventDialog })));
import './your-events.css';

/**
 * 'Your Events' on the member's own profile (docs/product.md section 2): Create (the screen opens the
 * Create New Event dialog: `onCreate`), Edit/Done, the first 3
 * with Show More/Show Less, upcoming then a 'Past Events' divider; in edit mode each event has
 * Leave (Delete for the member's own community event) behind a confirm dialog, otherwise it opens
 * the event.
 */
export function YourEventsCard({ onCreate }: { onCreate: () => void }) {
  const titleId = useId();
  const events = useMyEvents();
  const [editing, setEditing] = useState(false);
  const [leaving, setLeaving] = useState<YourEvent | null>(null);
  const arranged = useMemo(() => arrangeYourEvents(events.data?.events ?? []), [events.data]);

  return (
    <Card className="your-events" role="region" aria-labelledby={titleId}>
      <div className="your-events-head">
        <h2 id={titleId} className="your-events-title">
          Your Events
        </h2>
        <div className="your-events-tools">
          <Button variant="secondary" size="sm" onClick={onCreate}>
            Create
          </Button>
          {arranged.length > 0 && (
            <Button variant="ghost" size="sm" onClick={() => setEditing((value) => !value)} aria-pressed={editing}>
              {editing ? 'Done' : 'Edit'}
            </Button>
          )}
        </div>
      </div>
      {events.isPending ? (
        <Spinner label="Loading your events" />
      ) : arranged.length === 0 ? (
        <p className="your-events-empty">You haven't registered for any events yet.</p>
      ) : (
        <ProfileEventList events={arranged} onLeave={editing ? setLeaving : undefined} />
      )}
      {leaving && (
        <Suspense fallback={null}>
          <LeaveEventDialog leaving={leaving} onClose={() => setLeaving(null)} />
        </Suspense>
      )}
    </Card>
  );
}
