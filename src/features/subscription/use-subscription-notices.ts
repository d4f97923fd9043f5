import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SUBSCRIPTION_MESSAGES, type SubscriptionResponse } from '../../../contract/subscription';
import { toast } from '../../ui/toast-store';
import { subscriptionKeys } from './api/keys';
import { takeBeforePortal } from './before-portal';
import { cameFromPortal, FROM_PORTAL_PARAM } from './from-portal';
import { wasReactivated } from './subscription-state';

/**
 * docs/product.md section 4's notices on the profile:
 * - back from the portal (from_portal=true): the parameter leaves the address (a reload or a
 *   shared link must not say it again), every query is refetched, since the portal may have
 *   changed what PRO unlocks (me.hasProAccess, events' locks), then 'Subscription Updated', or
 *   'Subscription Reactivated!' when the subscription left for the portal cancelled and came back
 *   running on (the more telling of the two: one notice at a time, docs/product.md section 9);
 * - the same change seen while the card is shown (a refetch): 'Subscription Reactivated!'.
 */
export function useSubscriptionNotices(data: SubscriptionResponse | undefined): void {
  const queryClient = useQueryClient();
  const previous = useRef(data);

  useEffect(() => {
    if (wasReactivated(previous.current, data)) toast({ title: SUBSCRIPTION_MESSAGES.reactivated });
    previous.current = data;
  }, [data]);

  useEffect(() => {
    if (!cameFromPortal(window.location.search)) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(FROM_PORTAL_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    const before = takeBeforePortal() ?? queryClient.getQueryData<SubscriptionResponse>(subscriptionKeys.detail());
    void queryClient.invalidateQueries().then(() => {
      const after = queryClient.getQueryData<SubscriptionResponse>(subscriptionKeys.detail());
      toast({ title: wasReactivated(before, after) ? SUBSCRIPTION_MESSAGES.reactivated : SUBSCRIPTION_MESSAGES.updated });
    });
  }, [queryClient]);
}
