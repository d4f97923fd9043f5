import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushSettings, PushSettingsInput } from '../../../../contract/push';
import { apiPath } from '../../../../contract/api-routes';
import { apiClient } from '../../../lib/api-client';
import { notificationsKeys } from './keys';

/** PUT push/settings: both kinds' choice; answers the settings as stored. */
export function updatePushSettings(settings: PushSettingsInput): Promise<PushSettings> {
  return apiClient.put<PushSettings>(apiPath('/push/settings'), settings);
}

export function useUpdatePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePushSettings,
    onSuccess: (answer) => queryClient.setQueryData(notificationsKeys.settings(), answer),
  });
}
