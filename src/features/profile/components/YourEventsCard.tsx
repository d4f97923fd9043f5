import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useMyEvents } from '../../events/api/get-my-events';
import { DELETE_EVENT_FAILED_TOAST, useLeaveEvent } from '../api/leave-event';
import { arrangeYourEvents, type YourEvent } from '../your-events';
import { ProfileEventList } from './ProfileEventList';

const DeleteEventDialog = lazy(() => import('./DeleteEventDialog').then((m) => ({ default: m.DeleteEventDialog })));
import './your-events.css';

/**
 * 'Your Events' on the member's own profile (docs/product.md section 2): Create (the screen opens the
 * Create New Event dialog: `onCreate`), Edit/Done, the first 3
 * with Show More/Show Less, upcoming then a 'Past Events' divider; in edit mode each event has a
 * delete button behind a confirm dialog, otherwise it opens the event.
 */
export function YourEventsCard({ onCreate }: { onCreate: () => void }) {
  const titleId = useId();
  const events = useMyEvents();
  const leave = useLeaveEvent();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<YourEvent | null>(null);
  const arranged = useMemo(() => arrangeYourEvents(events.data?.events ?? []), [events.data]);

  const confirmDelete = () => {
    if (!deleting) return;
    leave.mutate(deleting.id, {
      onSuccess: () => setDeleting(null),
      onError: () => {
        setDeleting(null);
        toast(DELETE_EVENT_FAILED_TOAST);
      },
    });
  };

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
        <ProfileEventList events={arranged} onDelete={editing ? setDeleting : undefined} />
      )}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteEventDialog name={deleting.name} deleting={leave.isPending} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
        </Suspense>
      )}
    </Card>
  );
}
