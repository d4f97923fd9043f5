import { apiPath } from '../../../../contract/api-routes';
import type { ConnectionNote } from '../../../../contract/connection-notes';
import { apiClient } from '../../../lib/api-client';

/**
 * PUT users/{id}/note: the member's private note on a connection ('' removes it). Sent directly only
 * without IndexedDB; otherwise the outbox sends it (record kind 'connection-note').
 */
export function saveConnectionNote(aboutUserId: string, note: string): Promise<ConnectionNote> {
  return apiClient.put<ConnectionNote>(apiPath('/users/:id/note', { id: aboutUserId }), { note });
}
