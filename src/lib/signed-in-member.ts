import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../contract/api-routes';
import type { Me } from '../../contract/user';
import { ApiError, apiClient } from './api-client';
import { firstScreenInitialData } from './first-screen-data';

/*
 * The signed-in member's query: shared state that the guards, the outbox and most features read
 * (docs/architecture.md, "Layout"), so it lives below the features rather than inside one of them.
 */

/** Query keys of the signed-in member (the persisted cache holds them, so their values stay). */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

const ME_PATH = apiPath('/users/me');

/** GET users/me: the signed-in member, or null when there is no session (401). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await apiClient.get<Me>(ME_PATH, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    // Try even when the browser says it is offline, so an offline start settles instead of waiting.
    networkMode: 'offlineFirst',
    // A signed-in member's page carries the answer: guards and screens render with it at once.
    initialData: firstScreenInitialData<Me>(ME_PATH),
  });

/**
 * The current member. `me` is undefined while the first answer is pending, null when logged out.
 * docs/product.md section 4: a failed current-user call leaves the app logged out silently, so any error
 * without earlier data counts as logged out.
 */
export function useMe(): { me: Me | null | undefined; isPending: boolean } {
  const query = useQuery(meQueryOptions());
  const me = query.data !== undefined ? query.data : query.isError ? null : undefined;
  return { me, isPending: me === undefined };
}
