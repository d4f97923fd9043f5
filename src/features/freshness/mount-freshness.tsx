import type { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { API_REFRESHED_MESSAGE, messageType } from '../../../contract/sw-messages';
import { NOTICE_SLOT_ID } from '../../ui/notice-room';
import { keepNoticeRoom } from '../../ui/notice-room-tracker';
import { FreshnessLine } from './components/FreshnessLine';

/**
 * Asks again for what the screens on view show. Called when the worker says a read it answered from
 * its stored copy has a different answer from the network now (it says nothing for the same
 * answer), and when the device comes back online: each of these is rare, so all of them.
 */
function refreshShown(client: QueryClient): void {
  void client.refetchQueries({ type: 'active' });
}

/**
 * Started after the first screen (src/app/query-cache-persistence.ts): the freshness line, with a React root of its
 * own in the notices' slot, and what brings in a fresh answer once it can be had: the service
 * worker saying that a read it answered from its stored copy got the network's answer since
 * (API_REFRESHED_MESSAGE), and the device coming back online.
 */
export function mountFreshness(client: QueryClient): void {
  const slot = document.getElementById(NOTICE_SLOT_ID);
  if (!slot) return;
  const container = document.createElement('div');
  slot.prepend(container);
  keepNoticeRoom();
  createRoot(container).render(<FreshnessLine client={client} />);
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (messageType(event.data) === API_REFRESHED_MESSAGE) refreshShown(client);
  });
  window.addEventListener('online', () => refreshShown(client));
}
