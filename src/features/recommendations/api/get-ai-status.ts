import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { AiStatus } from '../../../../contract/recommendations';
import { apiClient } from '../../../lib/api-client';
import { recommendationKeys } from './keys';

/** GET ai-recommendations/status: whether AI is on for this server. */
export function getAiStatus(signal?: AbortSignal): Promise<AiStatus> {
  return apiClient.get<AiStatus>(apiPath('/ai-recommendations/status'), { signal });
}

export const aiStatusQueryOptions = () =>
  queryOptions({ queryKey: recommendationKeys.status(), queryFn: ({ signal }) => getAiStatus(signal), staleTime: 5 * 60_000 });

export function useAiStatus() {
  return useQuery(aiStatusQueryOptions());
}
