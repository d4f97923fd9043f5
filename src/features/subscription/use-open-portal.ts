import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SubscriptionResponse } from '../../../contract/subscription';
import { SUBSCRIPTION_MESSAGES } from '../../../contract/subscription';
import { toast } from '../../ui/toast-store';
import { useCreatePortalSession } from './api/create-portal-session';
import { subscriptionKeys } from './api/keys';
import { rememberBeforePortal } from './before-portal';
import { redirectTo } from './redirect';

/**
 * 'Manage subscription', 'Update Payment' and 'Reactivate now': a portal session, then Stripe's
 * page. busy stays on after the answer until the browser has left, so the button is not pressed twice.
 */
export function useOpenPortal(): { open: () => void; busy: boolean } {
  const queryClient = useQueryClient();
  const session = useCreatePortalSession();
  const [leaving, setLeaving] = useState(false);
  const open = () =>
    session.mutate(undefined, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        rememberBeforePortal(queryClient.getQueryData<SubscriptionResponse>(subscriptionKeys.detail()));
        redirectTo(url);
      },
      onError: () => toast({ title: 'Error', description: SUBSCRIPTION_MESSAGES.portalFailed, variant: 'destructive' }),
    });
  return { open, busy: session.isPending || leaving };
}
