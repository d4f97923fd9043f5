import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsKeys } from './api/keys';
import { subscribeThisDevice, unsubscribeThisDevice } from './device-push';

/** Notifications on for this device: permission, the browser's subscription, the server's record. */
export function useEnableThisDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => subscribeThisDevice(queryClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.settings() }),
  });
}

export function useDisableThisDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeThisDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.settings() }),
  });
}
