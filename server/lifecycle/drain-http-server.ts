import type { ServerType } from '@hono/node-server';
import { startDraining } from './draining';

/**
 * Stops taking connections and waits for the requests in flight: idle kept-alive connections are
 * closed at once, busy ones once their answer is sent (it says Connection: close). Whatever is
 * still open after `deadlineMs` is cut. Resolves with how many connections had to be cut.
 */
export function drainHttpServer(server: ServerType, deadlineMs: number): Promise<{ cut: number }> {
  startDraining();
  return new Promise((resolve) => {
    let cut = 0;
    const timer = setTimeout(() => {
      if ('closeAllConnections' in server) {
        server.getConnections((_error, count) => {
          cut = count;
          server.closeAllConnections();
        });
      }
    }, deadlineMs);
    server.close(() => {
      clearTimeout(timer);
      resolve({ cut });
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}
