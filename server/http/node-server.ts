import { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { isDraining, onDraining } from '../lifecycle/draining';

/**
 * How long a client may take to send a request. Node's defaults (headers 60 s, whole request
 * 5 minutes, checked every 30 s) let a client that trickles a body hold a connection for minutes,
 * and a few hundred such clients hold them all. The API's bodies are small JSON or one form, sent
 * in well under a second on a phone; 30 s leaves a slow venue network plenty of room. A photo
 * upload (a later issue) may need a longer limit of its own.
 */
export interface RequestTimeouts {
  /** From the connection's first byte to the end of the request's headers. */
  headersMs: number;
  /** From the first byte to the end of the body. */
  requestMs: number;
  /** How often Node looks for requests over their limits. */
  checkEveryMs: number;
  /**
   * How long an idle kept-alive connection stays open. Node's 5 s closes connections that clients
   * still count on: a request sent as the server closes its socket fails with ECONNRESET (browsers
   * retry it, other clients do not), and a phone on venue Wi-Fi pays a new handshake each time.
   * 65 s outlasts the idle timeouts of common clients and load balancers (60 s), so they close first.
   */
  keepAliveMs: number;
}

export const API_REQUEST_TIMEOUTS: RequestTimeouts = { headersMs: 10_000, requestMs: 30_000, checkEveryMs: 1_000, keepAliveMs: 65_000 };

interface ServeOptions {
  fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  port: number;
  hostname: string;
  timeouts?: RequestTimeouts;
}

/** The Node HTTP server of the app, with the request timeouts above (main.ts and the tests). */
export function serveApp(options: ServeOptions, onListening?: (info: AddressInfo) => void): ServerType {
  const timeouts = options.timeouts ?? API_REQUEST_TIMEOUTS;
  const server = serve(
    {
      fetch: options.fetch,
      port: options.port,
      hostname: options.hostname,
      serverOptions: {
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.requestMs,
        connectionsCheckingInterval: timeouts.checkEveryMs,
      },
    },
    onListening,
  );
  // An HTTP/1.1 server (serve() makes one unless asked for HTTP/2, which has no such timeout).
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = timeouts.keepAliveMs;
  // Shutting down: each answer not yet sent tells its client to close the connection, so the
  // next request goes to a new one (another process) rather than racing this one's close. Set
  // before Hono writes the head, which merges headers set here.
  const unanswered = new Set<ServerResponse>();
  const closeAfterAnswer = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  server.prependListener('request', (_request, response) => {
    if (!(response instanceof ServerResponse)) return;
    if (isDraining()) return closeAfterAnswer(response);
    unanswered.add(response);
    response.once('close', () => unanswered.delete(response));
  });
  const stopWatching = onDraining(() => unanswered.forEach(closeAfterAnswer));
  server.once('close', stopWatching);
  return server;
}
