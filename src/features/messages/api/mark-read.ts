import { apiPath } from '../../../../contract/api-routes';
import { apiClient } from '../../../lib/api-client';

/**
 * POST conversations/{userId}/read: the member read the conversation up to `upTo`. Not queued:
 * a conversation opened offline is marked read when it is next opened online, and a failure
 * changes nothing the member sees.
 */
export function markRead(userId: string, upTo: string): Promise<unknown> {
  return apiClient.post(apiPath('/conversations/:userId/read', { userId }), { upTo }).catch(() => null);
}
