import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PUSH_SETTINGS_PATH, type PushSettings, type PushSettingsInput } from '../../../../contract/push';
import { apiClient } from '../../../lib/api-client';
import { notificationsKeys } from './keys';

/** PUT push/settings: both kinds' choice; answers the settings as stored. */
export function updatePushSettings(settings: PushSettingsInput): Promise<PushSettings> {
  return apiClient.put<PushSettings>(PUSH_SETTINGS_PATH, settings);
}

export function useUpdatePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePushSettings,
    onSuccess: (answer) => queryClient.setQueryData(notificationsKeys.settings(), answer),
  });
}
