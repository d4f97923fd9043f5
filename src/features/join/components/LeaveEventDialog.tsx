import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useOutboxStatus } from '../../../offline/outbox-context';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { toast } from '../../../ui/toast-store';
import { leaveFailedToast, leftToast, queueLeave, useLeaveEvent, type Leaving } from '../api/leave-event';

/**
 * The confirmation before leaving an event, or deleting the community event the member created
 * (docs/product.md, 'Leaving an event'): it says what happens, does it, and a notice confirms it.
 * Loaded when asked, with the leaving itself: no first screen carries it.
 */
export function LeaveEventDialog({ leaving, onClose, onLeft }: { leaving: Leaving; onClose: () => void; onLeft?: () => void }) {
  const leave = useLeaveEvent();
  const queryClient = useQueryClient();
  // Leaving goes through the outbox, so it also works at the venue without network; deleting the
  // event for everyone is done straight away, as is leaving where the browser has no outbox.
  const outboxStatus = useOutboxStatus();
  const [queueing, setQueueing] = useState(false);
  const { name, createdByMe, community } = leaving;
  const left = (queued: boolean) => {
    onClose();
    toast(leftToast(leaving, queued && !navigator.onLine));
    onLeft?.();
  };
  const failed = (error?: unknown) => {
    onClose();
    toast(leaveFailedToast(leaving, error));
  };
  const confirm = () => {
    if (createdByMe || !outboxStatus.outbox) {
      leave.mutate(leaving, { onSuccess: () => left(false), onError: failed });
      return;
    }
    setQueueing(true);
    queueLeave(outboxStatus.outbox, queryClient, leaving).then(() => left(true), failed);
  };
  const busy = leave.isPending || queueing || (!createdByMe && outboxStatus.state === 'loading');
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
        <Button variant="danger" loading={busy} onClick={confirm}>
          {label}
        </Button>
      </div>
    </Dialog>
  );
}
