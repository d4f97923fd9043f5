import { Button } from '../../../ui/Button';
import { ShareIcon } from '../../../ui/event-icons';
import { toast } from '../../../ui/toast-store';
import { LINK_COPIED_TOAST, SHARE_FAILED_TOAST, useShareProfile } from '../api/share-profile';

/** 'Share profile': the device's share sheet where it has one, else the link copied (SPEC.md sections 2 and 8). */
export function ShareProfileButton() {
  const share = useShareProfile();
  return (
    <Button
      variant="secondary"
      loading={share.isPending}
      onClick={() =>
        share.mutate(undefined, {
          onSuccess: (outcome) => {
            if (outcome === 'copied') toast(LINK_COPIED_TOAST);
          },
          onError: () => toast(SHARE_FAILED_TOAST),
        })
      }
    >
      <ShareIcon size={18} />
      Share profile
    </Button>
  );
}
