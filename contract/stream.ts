import type { Meeting } from './meetings';
import type { Message, MessageState } from './messages';

/**
 * The server-sent event stream of an open app (GET /api/stream, text/event-stream; docs/product.md,
 * 'Messages'): what changed for the signed-in member, in the order it happened, each event with an
 * id that grows. A dropped stream is opened again with the last id seen (the Last-Event-ID header,
 * or ?lastEventId= where the header cannot be set) and gets every event after it. When the events
 * after that id are no longer kept (older than STREAM_EVENTS_KEPT_MS), the first event is 'reset':
 * the app reads its conversations and meetings again. A comment line every STREAM_KEEPALIVE_MS
 * keeps proxies from closing a quiet stream. Several server processes on one PostgreSQL share the
 * events through LISTEN/NOTIFY: a message sent through one reaches a stream on another.
 *
 * Each event is `event: {type}`, `id: {id}` and `data: {JSON}` of the type's payload below.
 */
export interface StreamEvents {
  /** A new message in the conversation with `userId` (theirs, or the member's own from another device). */
  message: { userId: string; message: Message };
  /** The member's messages to `userId` up to `upTo` (by time) reached `state`. */
  'message-state': { userId: string; upTo: string; state: MessageState };
  /** The member read the conversation with `userId` on another device: its unread count is 0. */
  'conversation-read': { userId: string };
  /** The conversation with `userId` is gone from the member's view (a block, either way). */
  'conversation-hidden': { userId: string };
  /** A meeting of the member's changed (asked, answered, proposed, cancelled, closed). */
  meeting: { meeting: Meeting };
  /** Events were missed and are no longer kept: read everything again. */
  reset: Record<string, never>;
}

export type StreamEventType = keyof StreamEvents;

/** How long events are kept for a stream to resume from. */
export const STREAM_EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;
/** A comment line this often on a quiet stream. */
export const STREAM_KEEPALIVE_MS = 25_000;
