import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import './logout-confirm.css';

/** What the member is told before their waiting changes are thrown away. */
export function unsyncedChangesText(count: number): string {
  const changes = count === 1 ? '1 change has' : `${count} changes have`;
  return `${changes} not reached the server yet. Logging out now discards ${count === 1 ? 'it' : 'them'}.`;
}

export interface LogoutConfirmDialogProps {
  /** Records in the member's outbox: waiting to sync or failed. */
  count: number;
  onCancel: () => void;
  onConfirm: () => void;
  loggingOut: boolean;
}

/**
 * Asked before logging out while the outbox holds the member's changes (swipes, undos, goals made
 * offline): logging out deletes them, since they are only ever sent for this member. Cancel, Escape
 * and the backdrop keep the session; focus starts on Cancel, the safe choice.
 */
export function LogoutConfirmDialog({ count, onCancel, onConfirm, loggingOut }: LogoutConfirmDialogProps) {
  return (
    <Dialog open title="Discard changes and log out?" description={unsyncedChangesText(count)} onClose={loggingOut ? undefined : onCancel}>
      <div className="logout-confirm-actions">
        <Button variant="secondary" onClick={onCancel} disabled={loggingOut}>
          Cancel
        </Button>
        <Button onClick={onConfirm} loading={loggingOut}>
          Discard and log out
        </Button>
      </div>
    </Dialog>
  );
}
