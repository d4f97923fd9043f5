import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { toast } from '../../../ui/toast-store';
import { leaveFailedToast, leftToast, useLeaveEvent, type Leaving } from '../api/leave-event';

/**
 * The confirmation before leaving an event, or deleting the community event the member created
 * (docs/product.md, 'Leaving an event'): it says what happens, does it, and a notice confirms it.
 * Loaded when asked, with the leaving itself: no first screen carries it.
 */
export function LeaveEventDialog({ leaving, onClose, onLeft }: { leaving: Leaving; onClose: () => void; onLeft?: () => void }) {
  const leave = useLeaveEvent();
  const { name, createdByMe, community } = leaving;
  const confirm = () =>
    leave.mutate(leaving, {
      onSuccess: () => {
        onClose();
        toast(leftToast(leaving));
        onLeft?.();
      },
      onError: () => {
        onClose();
        toast(leaveFailedToast(leaving));
      },
    });
  const [title, description, label] = createdByMe
    ? [
        'Delete Event',
        `You created "${name}": deleting it removes it for everyone. Its attendees lose it from their events and its join link stops working. This action cannot be undone.`,
        'Delete event',
      ]
    : [
        'Leave event',
        `You will no longer be registered for "${name}": your goal for it is removed and you leave its attendees' deck. ${
          community ? 'You can join again with its join link.' : 'You can join again at any time.'
        }`,
        'Leave event',
      ];
  return (
    <Dialog open onClose={onClose} title={title} description={description}>
      <div className="leave-event-actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" loading={leave.isPending} onClick={confirm}>
          {label}
        </Button>
      </div>
    </Dialog>
  );
}
