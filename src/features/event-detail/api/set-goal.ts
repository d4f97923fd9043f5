import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { goalMutation } from '../../../offline/mutations/goal';
import { useOutboxStatus } from '../../../offline/outbox-context';
import { askPersistentStorage } from '../../../offline/persist';
import { toast } from '../../../ui/toast-store';
import { goalSaveErrorToast, GOAL_SAVED_TOAST, GOAL_UPDATE_FAILED } from '../goal';
import { cacheGoal, updateGoal } from './update-goal';

/**
 * Sets the member's goal for an event from another screen (the assistant's suggested goal): through
 * the outbox, like the event page's editor, so it is kept offline and lands once; straight away
 * where there is no outbox (no IndexedDB). `ready` is false while the outbox is on its way.
 */
export function useSetGoal(eventId: string | null) {
  const status = useOutboxStatus('after-first-screen');
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const set = async (goal: string) => {
    if (!eventId || saving || status.state === 'loading') return;
    setSaving(true);
    try {
      if (status.outbox) {
        await status.outbox.enqueue(goalMutation, { eventId, goal });
        void askPersistentStorage();
      } else await updateGoal(eventId, { goal });
      cacheGoal(queryClient, eventId, goal);
      toast(GOAL_SAVED_TOAST);
    } catch (error) {
      toast(goalSaveErrorToast(error, GOAL_UPDATE_FAILED));
    } finally {
      setSaving(false);
    }
  };
  return { set, saving, ready: status.state !== 'loading' };
}
