import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushSettings } from '../../../../contract/push';
import { apiPath } from '../../../../contract/api-routes';
import { apiClient } from '../../../lib/api-client';
import { notificationsKeys } from './keys';

/** GET push/settings: the member's choice per kind, and whether this session's device is subscribed. */
export function getPushSettings(signal?: AbortSignal): Promise<PushSettings> {
  return apiClient.get<PushSettings>(apiPath('/push/settings'), { signal });
}

export const pushSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.settings(),
    queryFn: ({ signal }) => getPushSettings(signal),
    // thisDevice belongs to this session: never kept across reloads.
    meta: { persist: false },
  });

export function usePushSettings() {
  return useQuery(pushSettingsQueryOptions());
}
