import { useLocation } from 'wouter';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

/** What a member without PRO gets from 'Load more' (docs/product.md sections 2 and 4). */
export function UnlockMoreDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [, navigate] = useLocation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Unlock more recommendations"
      description="PRO members load more AI picks, three at a time, and open every PRO-only event."
    >
      <div className="recommendations-dialog-actions">
        <Button variant="secondary" onClick={onClose}>
          Not now
        </Button>
        <Button onClick={() => navigate('/pricing')}>Upgrade to PRO</Button>
      </div>
    </Dialog>
  );
}
