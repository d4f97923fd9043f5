import type { QueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Me } from '../../../../contract/user';
import type { StreamEvents, StreamEventType } from '../../../../contract/stream';
import { API_PREFIX } from '../../../lib/api-client';
import { authKeys } from '../../../lib/signed-in-member';
import { cacheMeeting } from '../../meetings/api/cache-meeting';
import { meetingsKeys } from '../../meetings/api/keys';
import { cacheConversationHidden, cacheConversationRead, cacheMessage, cacheMessageState } from '../api/cache-message';
import { refreshUnread } from '../api/get-unread';
import { messagesKeys } from '../api/keys';
import { countNewUnread, showUnread } from '../unread-badge';

/** A stream that closed for good (signed out, a server restart refused) is opened again after this, then less often. */
const RETRY_MS = [2_000, 5_000, 15_000, 60_000];

/** Whether the conversation with `userId` is on screen now: its new messages are read as they come. */
const onScreen = (userId: string) =>
  document.visibilityState === 'visible' && decodeURIComponent(location.pathname.replace(/\/$/, '')) === `/messages/${userId}`;

type Handlers = { [T in StreamEventType]: (data: StreamEvents[T]) => void };

function handlersFor(client: QueryClient): Handlers {
  return {
    message: ({ userId, message }) => {
      const open = onScreen(userId);
      cacheMessage(client, userId, message, { open });
      if (!message.fromMe && !open) countNewUnread();
    },
    'message-state': ({ userId, upTo, state }) => cacheMessageState(client, userId, upTo, state),
    'conversation-read': ({ userId }) => {
      cacheConversationRead(client, userId);
      void refreshUnread();
    },
    'conversation-hidden': ({ userId }) => {
      cacheConversationHidden(client, userId);
      void refreshUnread();
    },
    meeting: ({ meeting }) => cacheMeeting(client, meeting),
    reset: () => catchUp(client),
  };
}

/** What an app without a stream missed: the conversations, the meetings and the unread count, read again. */
function catchUp(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: messagesKeys.all });
  void client.invalidateQueries({ queryKey: meetingsKeys.all });
  void refreshUnread();
}

/**
 * The open app's server-sent event stream (contract/stream.ts), for the signed-in member: new
 * messages, their states and meeting changes land in the query cache as they happen. The browser
 * reconnects a dropped stream with the last event id it saw; a stream that closed for good is
 * opened again with that id, sooner when the app comes back to the foreground or online, and the
 * app then catches up on what it missed while it had none.
 */
export function startMessagesLive(client: QueryClient): () => void {
  const handlers = handlersFor(client);
  let source: EventSource | null = null;
  let memberId: string | null = null;
  let lastEventId = '';
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const close = () => {
    source?.close();
    source = null;
    clearTimeout(retry);
  };

  const open = () => {
    close();
    if (!memberId) return;
    const resuming = lastEventId !== '';
    const query = resuming ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
    const stream = new EventSource(`${API_PREFIX}${apiPath('/stream')}${query}`);
    source = stream;
    stream.onopen = () => {
      failures = 0;
      // A first stream starts from now: what came between the screen's reads and now is read again.
      if (!resuming) catchUp(client);
    };
    stream.onerror = () => {
      // Connecting again is the browser's own; a closed stream is ours to open again.
      if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
      retry = setTimeout(open, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
    };
    for (const type of Object.keys(handlers) as StreamEventType[]) {
      stream.addEventListener(type, (event) => {
        const { data, lastEventId: id } = event as MessageEvent<string>;
        if (id) lastEventId = id;
        try {
          (handlers[type] as (payload: unknown) => void)(JSON.parse(data));
        } catch {
          // A malformed event changes nothing; the next catch-up reads everything again.
        }
      });
    }
  };

  const wake = () => {
    if (!memberId || document.visibilityState !== 'visible') return;
    if (source?.readyState === EventSource.OPEN) return;
    catchUp(client);
    open();
  };

  const follow = () => {
    const me = client.getQueryData<Me | null>(authKeys.me());
    const id = me?.id ?? null;
    if (id === memberId) return;
    memberId = id;
    lastEventId = '';
    showUnread(0);
    if (id) {
      void refreshUnread();
      open();
    } else close();
  };

  follow();
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === JSON.stringify(authKeys.me())) follow();
  });
  document.addEventListener('visibilitychange', wake);
  window.addEventListener('online', wake);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', wake);
    window.removeEventListener('online', wake);
    close();
  };
}
