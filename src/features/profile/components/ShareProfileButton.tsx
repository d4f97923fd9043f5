import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { ShareIcon } from '../../../ui/share-icon';
import { toast } from '../../../ui/toast-store';

/** docs/product.md section 8; here too, since the share code is what may not load. */
const SHARE_FAILED = { title: 'Error', description: 'Failed to generate share link. Please try again.', variant: 'destructive' } as const;

/**
 * 'Share profile': the device's share sheet where it has one, else the link copied (docs/product.md
 * sections 2 and 8). The sharing code (api/share-profile.ts) loads when the member presses it.
 */
export function ShareProfileButton() {
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    try {
      const { shareProfileLink, LINK_COPIED_TOAST } = await import('../api/share-profile');
      if ((await shareProfileLink()) === 'copied') toast(LINK_COPIED_TOAST);
    } catch {
      toast(SHARE_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" loading={busy} onClick={() => void share()}>
      <ShareIcon size={18} />
      Share profile
    </Button>
  );
}
