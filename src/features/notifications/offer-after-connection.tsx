import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRoot, type Root } from 'react-dom/client';
import { storage } from '../../lib/storage';
import { NOTICE_SLOT_ID } from '../../ui/notice-room';
import { keepNoticeRoom } from '../../ui/notice-room-tracker';
import { ConnectionPrompt } from './components/ConnectionPrompt';
import { PROMPT_DISMISSED_KEY, promptOffer } from './prompt-offer';
import { browserFacts, pushSupport } from './push-support';

let root: Root | null = null;

function close(): void {
  root?.unmount();
  root = null;
  document.getElementById('connection-prompt-root')?.remove();
}

/**
 * Called when an outbox write made a new connection (app/outbox/outbox-delivery.ts): offers notifications
 * unless the browser already has the member's answer or they said 'Not now' lately. The prompt has
 * a React root of its own, so it shows on whatever screen the member is, in the notices' slot
 * (src/ui/notice-room.ts: the screen makes room for it).
 */
export function offerNotificationsAfterConnection(queryClient: QueryClient): void {
  if (root) return;
  const facts = browserFacts();
  const offer = promptOffer({ support: pushSupport(facts), permission: facts.permission, dismissedAt: storage.get(PROMPT_DISMISSED_KEY), now: Date.now() });
  if (!offer) return;
  const container = document.createElement('div');
  container.id = 'connection-prompt-root';
  (document.getElementById(NOTICE_SLOT_ID) ?? document.body).append(container);
  keepNoticeRoom();
  root = createRoot(container);
  const dismiss = () => {
    storage.set(PROMPT_DISMISSED_KEY, String(Date.now()));
    close();
  };
  root.render(
    <QueryClientProvider client={queryClient}>
      <ConnectionPrompt offer={offer} onDismiss={dismiss} onClose={close} />
    </QueryClientProvider>,
  );
}
