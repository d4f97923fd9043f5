import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

/** docs/product.md section 2's 'Delete Event' confirmation in 'Your Events' (loaded when asked). */
export function DeleteEventDialog({ name, deleting, onCancel, onConfirm }: { name: string; deleting: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog open onClose={onCancel} title="Delete Event" description={`Are you sure you want to delete "${name}"? This action cannot be undone.`}>
      <div className="your-events-dialog-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" loading={deleting} onClick={onConfirm}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
