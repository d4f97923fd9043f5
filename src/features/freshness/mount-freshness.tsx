import type { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { messageType } from '../../../contract/sw-messages';
import { LATE_ANSWER_MESSAGE, type LateAnswer } from '../../../contract/late-answers';
import { NOTICE_SLOT_ID } from '../../ui/notice-room';
import { keepNoticeRoom } from '../../ui/notice-room-tracker';
import { FreshnessLine } from './components/FreshnessLine';
import { settleLateAnswer } from './late-answers';

/**
 * Asks again for what the screens on view show. Called when the worker says a read it answered from
 * its stored copy has a different answer from the network now, and when the device comes back
 * online: each of these is rare, so all of them.
 */
function refreshShown(client: QueryClient): void {
  void client.refetchQueries({ type: 'active' });
}

/**
 * Started after the first screen (src/app/query-cache-persistence.ts): the freshness line, with a React root of its
 * own in the notices' slot, and what brings in a fresh answer once it can be had: the service
 * worker saying how the network's answer to a read it answered from its stored copy turned out
 * (LATE_ANSWER_MESSAGE), and the device coming back online.
 */
export function mountFreshness(client: QueryClient): void {
  const slot = document.getElementById(NOTICE_SLOT_ID);
  if (!slot) return;
  const container = document.createElement('div');
  slot.prepend(container);
  keepNoticeRoom();
  createRoot(container).render(<FreshnessLine client={client} />);
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (messageType(event.data) !== LATE_ANSWER_MESSAGE) return;
    const late = event.data as LateAnswer;
    settleLateAnswer(late);
    if (late.outcome === 'changed') refreshShown(client);
  });
  window.addEventListener('online', () => refreshShown(client));
}
