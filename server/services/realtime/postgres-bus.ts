import pg from 'pg';
import type { Logger } from '../../logger';
import { WakeList, type StreamBus } from './stream-bus';

/** The channel the publishers NOTIFY on; the payload is '{userId}:{eventId}'. */
export const STREAM_CHANNEL = 'mingle_stream';

/** The listening connection's application_name, as PostgreSQL's pg_stat_activity shows it. */
export const LISTENER_NAME = 'mingle-stream-listener';

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;

export interface PostgresBus extends StreamBus {
  /** Resolves once the first LISTEN is in place (tests and benchmarks wait for it). */
  ready: Promise<void>;
}

/**
 * PostgreSQL's LISTEN/NOTIFY between server processes: one connection per process listens (outside
 * the pool, which hands connections out in turn), and reconnects with a growing pause when it is
 * dropped (a restart, a failover). Notifications sent while it was away are lost, so on every
 * reconnect each open stream is woken and reads what it missed from the table.
 */
export function createPostgresBus(databaseUrl: string, logger: Logger): PostgresBus {
  const list = new WakeList();
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: LISTENER_NAME });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = undefined;
      if (!closed) {
        logger.error(`[stream] the listening connection to PostgreSQL was lost${error ? `: ${error.message}` : ''}; reconnecting`);
        scheduleReconnect();
      }
      next.end().catch(() => {});
    };
    next.on('error', drop);
    next.on('end', () => drop());
    next.on('notification', (message) => {
      const userId = message.payload?.split(':')[0];
      if (userId) list.wake(userId);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${STREAM_CHANNEL}`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = RETRY_FIRST_MS;
    markReady();
    // Whatever was notified while no connection listened is read now.
    list.wakeAll();
  };
  void connect();

  return {
    notifiesInDatabase: true,
    ready,
    subscribe: (userId, wake) => list.add(userId, wake),
    announce: () => {},
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      markReady();
      await client?.end().catch(() => {});
    },
  };
}
