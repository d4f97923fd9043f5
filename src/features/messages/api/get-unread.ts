import { apiPath } from '../../../../contract/api-routes';
import type { UnreadCount } from '../../../../contract/messages';
import { apiClient } from '../../../lib/api-client';
import { showUnread } from '../unread-badge';

/** GET users/me/messages/unread into the navigation's badge; offline the badge keeps what it shows. */
export async function refreshUnread(): Promise<void> {
  try {
    const { count } = await apiClient.get<UnreadCount>(apiPath('/users/me/messages/unread'));
    showUnread(count);
  } catch {
    // Unknown now: the last count stands until the next answer.
  }
}
