import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { API_ERRORS } from '../../contract/errors';
import { streamQuerySchema } from '../../contract/message-requests';
import type { StreamEvents } from '../../contract/stream';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { readQuery } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { readSessionToken, sessionIdleMs } from '../http/session-cookie';
import { markDelivered } from '../services/messages/delivered';
import type { MessageContext } from '../services/messages/message-context';
import { realtimeOf } from '../services/realtime/realtime';
import { lastStreamEventId, resumeNeedsReset, streamEventsAfter, type StoredStreamEvent } from '../services/realtime/stream-events';
import { findActiveSession, hashSessionToken } from '../services/sign-in/sessions';

/** Events read from the table at a time; a stream far behind reads in turns. */
const READ_BATCH = 200;
const LAST_EVENT_ID = /^\d{1,18}$/;
/** Message ids a process remembers having marked delivered (realtime.ts): a few minutes of a busy server's. */
const DELIVERED_KEPT = 10_000;

/**
 * GET /api/stream (contract/stream.ts): the signed-in member's events as server-sent events. The
 * stream listens on the bus before it reads, so nothing committed meanwhile is missed; a resume
 * (Last-Event-ID, or ?lastEventId=) gets every event after that id, or 'reset' first when those
 * are no longer kept. Messages written to it are the recipient's app having them: their senders
 * are told 'delivered'. A comment line every keepalive, when the session is checked too: a stream
 * whose session was signed out or expired ends. It ends at shutdown (main.ts), never holding it.
 */
export function streamRoutes(deps: AppDeps): ApiMounts {
  const { db } = deps;
  const realtime = realtimeOf(deps);
  const ctx: MessageContext = { db, realtime, logger: deps.logger, clock: deps.clock, config: deps.config, resolveHost: deps.resolveHost };
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  app.get('/', signedIn, async (c) => {
    const query = readQuery(c, streamQuerySchema);
    const header = c.req.header('Last-Event-ID');
    if (header !== undefined && !LAST_EVENT_ID.test(header.trim())) throw new ApiError(400, API_ERRORS.invalidInput, { field: 'Last-Event-ID' });
    const resumeFrom = header !== undefined ? Number(header.trim()) : query.lastEventId !== undefined ? Number(query.lastEventId) : undefined;
    const userId = c.get('userId');
    const token = readSessionToken(c)!;
    const session = hashSessionToken(token);

    const response = streamSSE(c, async (stream) => {
      let wake: () => void = () => {};
      let pending = true;
      let ended = false;
      const end = () => {
        ended = true;
        wake();
      };
      const unsubscribe = realtime.bus.subscribe(userId, () => {
        pending = true;
        wake();
      });
      const untrack = realtime.track(end);
      stream.onAbort(end);
      try {
        let cursor: number;
        if (resumeFrom !== undefined && !(await resumeNeedsReset(db, resumeFrom))) cursor = resumeFrom;
        else {
          cursor = await lastStreamEventId(db, userId);
          if (resumeFrom !== undefined) await stream.writeSSE({ event: 'reset', id: String(cursor), data: '{}' });
        }
        let nextKeepalive = Date.now() + realtime.keepaliveMs;
        const endsAt = Date.now() + deps.config.STREAM_MAX_MS;
        while (!ended && !stream.aborted) {
          if (pending) {
            pending = false;
            for (;;) {
              const events = await streamEventsAfter(db, userId, cursor, READ_BATCH);
              if (events.length > 0) cursor = await write(stream, userId, events, session);
              if (events.length < READ_BATCH || ended || stream.aborted) break;
            }
            continue;
          }
          if (Date.now() >= endsAt) break;
          const waitMs = Math.min(nextKeepalive, endsAt) - Date.now();
          if (Date.now() >= nextKeepalive) {
            nextKeepalive = Date.now() + realtime.keepaliveMs;
            const alive = await findActiveSession(db, token, deps.clock(), sessionIdleMs(deps.config));
            if (!alive) break;
            await stream.write(': keepalive\n\n');
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, waitMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = () => {};
        }
      } catch (error) {
        // The database went away under a stream (a stop, a lost connection): the app resumes it.
        if (!ended && !stream.aborted) deps.logger.error('[stream] a stream ended on an error', error);
      } finally {
        unsubscribe();
        untrack();
      }
    });
    // The stream is the connection's last answer: once it ends (shutdown, a signed-out session)
    // Node closes the connection rather than keeping it for another request, so a stop never
    // waits for an idle kept-alive connection.
    response.headers.set('Connection', 'close');
    return response;
  });

  /** Writes the events (the member's own device's are skipped) and answers the last id; messages from others are now delivered. */
  async function write(stream: SSEStreamingApi, userId: string, events: StoredStreamEvent[], session: string): Promise<number> {
    let last = 0;
    const delivered: string[] = [];
    for (const event of events) {
      last = event.id;
      if (event.skipSession === session) continue;
      await stream.writeSSE({ event: event.type, id: String(event.id), data: JSON.stringify(event.data) });
      if (event.type === 'message') {
        const { message } = event.data as StreamEvents['message'];
        if (!message.fromMe && !realtime.delivered.has(message.id)) delivered.push(message.id);
      }
    }
    if (delivered.length > 0 && !stream.aborted) {
      if (realtime.delivered.size > DELIVERED_KEPT) realtime.delivered.clear();
      for (const id of delivered) realtime.delivered.add(id);
      await markDelivered(ctx, userId, { ids: delivered });
    }
    return last;
  }

  return [['/stream', app]];
}
