import { useState } from 'react';
import { Button } from '../../ui/Button';
import { ShareIcon } from '../../ui/share-icon';
import { toast } from '../../ui/toast-store';
import { inviteCopiedToast, inviteFailedToast, shareInviteLink } from './api/invite-link';

/**
 * 'Invite people' for an event the member created: its join link through the device's share
 * sheet, else copied with a notice. In an installed app there is no address bar to copy it from.
 */
export function InviteButton({ event, block = false }: { event: { id: string; name: string; secret?: string }; block?: boolean }) {
  const [busy, setBusy] = useState(false);
  const invite = async () => {
    setBusy(true);
    try {
      if ((await shareInviteLink(event)) === 'copied') toast(inviteCopiedToast(event.name));
    } catch (error) {
      toast(inviteFailedToast(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="lg" block={block} loading={busy} onClick={() => void invite()}>
      <ShareIcon size={18} />
      Invite people
    </Button>
  );
}
