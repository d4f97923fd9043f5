import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Me, ProfileTextChanges } from '../../../contract/user';
import { useDemandOutbox, useOutboxStatus } from '../../offline/outbox-context';
import { askPersistentStorage } from '../../offline/persist';
import { EMPTY_PROFILE_OVERLAY, profileOverlayOf, withProfileChanges, type ProfileOverlay } from '../../offline/profile-changes';
import { useLive } from '../../offline/use-outbox-live';
import { useOutboxKnownEmpty } from '../../offline/use-outbox-summary';
import { toast } from '../../ui/toast-store';
import { authKeys } from '../auth/api/keys';
import { useUpdateMe } from './api/update-me';
import { changedFields, checkProfileEdit, profileEditErrorToast, profileSaveFailureToast, PROFILE_UPDATED_TOAST } from './profile-edits';

export interface ProfileEdits {
  /** The member as they will be once queued edits land. */
  profile: Me;
  overlay: ProfileOverlay;
  /** False until the outbox answered (a queued edit could still change what shows). */
  settled: boolean;
  /** True while a save cannot be taken yet (the outbox is loading) or is being sent directly. */
  busy: boolean;
  /** Call when editing starts: the outbox is fetched then if it was deferred. */
  startEditing: () => void;
  /** Checks and saves the changed fields of `draft`; true once they are kept (queued or saved). */
  save: (draft: ProfileTextChanges) => Promise<boolean>;
  discardFailed: () => void;
}

/**
 * The member's own profile with its edits. Text edits go through the outbox (they survive the
 * venue's network and land once) and show at once; without IndexedDB they are sent straight away.
 */
export function useProfileEdits(me: Me): ProfileEdits {
  const knownEmpty = useOutboxKnownEmpty(me.id);
  const status = useOutboxStatus(knownEmpty ? 'after-first-screen' : 'now');
  const startEditing = useDemandOutbox();
  const records = useLive(status.outbox ? status.outbox.subscribeProfileRecords : null, null);
  const overlay = useMemo(() => (records ? profileOverlayOf(records) : EMPTY_PROFILE_OVERLAY), [records]);
  const direct = useUpdateMe();
  const queryClient = useQueryClient();
  const profile = useMemo(() => withProfileChanges(me, overlay.changes), [me, overlay]);
  const outbox = status.outbox;

  const save = useCallback(
    async (draft: ProfileTextChanges): Promise<boolean> => {
      const changes = changedFields(profile, draft);
      if (Object.keys(changes).length === 0) return true;
      const checked = await checkProfileEdit(changes);
      if (!checked.ok) {
        toast(profileEditErrorToast(checked.error, checked.field));
        return false;
      }
      if (outbox) {
        // Written into the member's answer at once, so no frame shows the older value before the
        // outbox's live answer has the edit; a refusal or a discard reads the server's again.
        const before = queryClient.getQueryData<Me | null>(authKeys.me());
        if (before) queryClient.setQueryData(authKeys.me(), withProfileChanges(before, checked.changes));
        try {
          await outbox.enqueueProfile(checked.changes);
          toast(PROFILE_UPDATED_TOAST);
          void askPersistentStorage();
          return true;
        } catch {
          queryClient.setQueryData(authKeys.me(), before);
          toast(profileSaveFailureToast(null));
          return false;
        }
      }
      try {
        await direct.mutateAsync(checked.changes);
        toast(PROFILE_UPDATED_TOAST);
        return true;
      } catch (error) {
        toast(profileSaveFailureToast(error));
        return false;
      }
    },
    [profile, outbox, direct, queryClient],
  );

  const failedId = overlay.failed?.id;
  const discardFailed = useCallback(() => {
    if (!failedId || !outbox) return;
    void outbox.discard(failedId).then(() => queryClient.invalidateQueries({ queryKey: authKeys.me() }));
  }, [outbox, failedId, queryClient]);

  return {
    profile,
    overlay,
    settled: status.state === 'unavailable' || records !== null || knownEmpty,
    busy: status.state === 'loading' || direct.isPending,
    startEditing,
    save,
    discardFailed,
  };
}
