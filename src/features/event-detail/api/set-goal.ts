import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EventItem } from '../../../../contract/events';
import { goalMutation } from '../../../offline/mutations/goal';
import type { Outbox } from '../../../offline/outbox';
import { useOutboxStatus } from '../../../offline/outbox-context';
import { askPersistentStorage } from '../../../offline/persist';
import { toast } from '../../../ui/toast-store';
import { goalSaveErrorToast, GOAL_SAVED_TOAST, GOAL_UPDATE_FAILED } from '../goal';
import { eventDetailKeys } from './keys';
import { cacheGoal, updateGoal } from './update-goal';

/**
 * Queues a goal in the outbox (it survives the venue's network and lands once), written into the
 * cached event at once so no screen shows the older one meanwhile; taken back there if the outbox
 * refuses it (the error is thrown on). The event page's editor and the assistant both save this way.
 */
export async function queueGoal(outbox: Outbox, queryClient: QueryClient, eventId: string, goal: string): Promise<void> {
  const before = queryClient.getQueryData<EventItem>(eventDetailKeys.event(eventId))?.eventData?.goal ?? null;
  cacheGoal(queryClient, eventId, goal);
  try {
    await outbox.enqueue(goalMutation, { eventId, goal });
    void askPersistentStorage();
  } catch (error) {
    cacheGoal(queryClient, eventId, before);
    throw error;
  }
}

/**
 * Sets the member's goal for an event from another screen (the assistant's suggested goal): through
 * the outbox (queueGoal), straight away where there is none (no IndexedDB). `ready` is false while
 * the outbox is on its way.
 */
export function useSetGoal(eventId: string | null) {
  const status = useOutboxStatus('after-first-screen');
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const set = async (goal: string) => {
    if (!eventId || saving || status.state === 'loading') return;
    setSaving(true);
    try {
      if (status.outbox) await queueGoal(status.outbox, queryClient, eventId, goal);
      else {
        await updateGoal(eventId, { goal });
        cacheGoal(queryClient, eventId, goal);
      }
      toast(GOAL_SAVED_TOAST);
    } catch (error) {
      toast(goalSaveErrorToast(error, GOAL_UPDATE_FAILED));
    } finally {
      setSaving(false);
    }
  };
  return { set, saving, ready: status.state !== 'loading' };
}
