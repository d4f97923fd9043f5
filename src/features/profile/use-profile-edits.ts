import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Me, ProfileTextChanges, ProfileTextField } from '../../../contract/user';
import type { OutboxRecord } from '../../offline/db';
import type { Outbox } from '../../offline/outbox';
import { useDemandOutbox, useOutboxStatus } from '../../offline/outbox-context';
import { outboxKnownEmpty } from '../../offline/outbox-summary';
import { useOutboxRecords } from '../../offline/use-outbox-records';
import { EMPTY_PROFILE_OVERLAY, profileOverlayOf, withProfileChanges, type ProfileOverlay } from '../../offline/mutations/profile';
import { toast } from '../../ui/toast-store';
import { authKeys } from '../../lib/signed-in-member';
import { PROFILE_UPDATE_FAILED } from './profile-labels';

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
  /** What the last save found wrong with a field, by field: shown under it until the next save. */
  errors: Partial<Record<ProfileTextField, string>>;
  discardFailed: () => void;
}

const subscribeProfile = (outbox: Outbox, listener: (records: OutboxRecord[]) => void) => outbox.subscribeRecords('profile', listener);

/**
 * The member's own profile with its edits. Text edits go through the outbox (they survive the
 * venue's network and land once) and show at once; without IndexedDB they are sent straight away.
 */
export function useProfileEdits(me: Me): ProfileEdits {
  // Read once when the profile opens: only this screen queues profile edits, and it shows its own.
  const [knownEmpty] = useState(() => outboxKnownEmpty(me.id));
  const status = useOutboxStatus(knownEmpty ? 'after-first-screen' : 'now');
  const startEditing = useDemandOutbox();
  const records = useOutboxRecords(status.outbox, subscribeProfile);
  const overlay = useMemo(() => (records ? profileOverlayOf(records) : EMPTY_PROFILE_OVERLAY), [records]);
  // A save sent directly (no IndexedDB) is on its way.
  const [sending, setSending] = useState(false);
  const queryClient = useQueryClient();
  const profile = useMemo(() => withProfileChanges(me, overlay.changes), [me, overlay]);
  const outbox = status.outbox;
  const [errors, setErrors] = useState<ProfileEdits['errors']>({});

  const save = useCallback(
    async (draft: ProfileTextChanges): Promise<boolean> => {
      try {
        const { saveProfileEdit } = await import('./profile-edits');
        const outcome = await saveProfileEdit({ profile, draft, outbox, queryClient, onSending: setSending });
        setErrors(!outcome.kept && outcome.field && outcome.error ? { [outcome.field]: outcome.error } : {});
        return outcome.kept;
      } catch {
        // The code could not load (offline before the service worker held it): nothing was saved.
        toast({ title: 'Profile update failed', description: PROFILE_UPDATE_FAILED, variant: 'destructive' });
        return false;
      }
    },
    [profile, outbox, queryClient],
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
    busy: status.state === 'loading' || sending,
    startEditing: () => {
      setErrors({});
      startEditing();
    },
    save,
    errors,
    discardFailed,
  };
}
