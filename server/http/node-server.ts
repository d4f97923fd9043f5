import { ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { isDraining, onDraining } from '../lifecycle/draining';

/**
 * How long a client may take to send a request. Node's defaults (headers 60 s, whole request
 * 5 minutes, checked every 30 s) let a client that trickles a body hold a connection for minutes,
 * and a few hundred such clients hold them all. The API's bodies are small JSON or one form, sent
 * in well under a second on a phone; 30 s leaves a slow venue network plenty of room. A photo
 * upload may need a longer limit of its own.
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

const NODE_ANSWERS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

/**
 * Connections the kernel holds for the process before it accepts them. Node's 511 is met when a
 * venue's Wi-Fi comes back and a thousand phones connect within seconds: the connections past it
 * are dropped and retried by the phones after 1, 3 and 7 s, and many give up at their own 10 s
 * limit (seen in tests/bench/reconnect-storm.ts). The kernel caps it at net.core.somaxconn.
 */
const LISTEN_BACKLOG = 4096;

/** How long a client still sending an oversized head is read (and its bytes dropped) before the connection is cut. */
const OVERSIZED_DRAIN_MS = 5_000;

/**
 * A request whose head is over Node's limit (16 KB): 414 URI Too Long when its request line is
 * what did not fit, else 431, each with the API's JSON error. Node's own answer closes the socket
 * while the client is still sending, so the client reads a connection reset instead of an answer;
 * here the rest of what it sends is read and dropped until it is done (or for a few seconds).
 * Other parse errors keep Node's handling (400, 408 for the timeouts above).
 */
function answerOversizedHead(error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket): void {
  // As Node does without a listener: an answer only where none has been started on the connection.
  const canAnswer = socket.writable && socket.bytesWritten === 0;
  if (error.code !== 'HPE_HEADER_OVERFLOW' || !canAnswer) {
    if (canAnswer) socket.write(NODE_ANSWERS[error.code ?? ''] ?? BAD_REQUEST);
    socket.destroy(error);
    return;
  }
  const received = error.rawPacket ?? Buffer.alloc(0);
  const lineEnd = received.indexOf('\r\n');
  const uriTooLong = lineEnd === -1 || lineEnd > received.length / 2;
  const [status, text] = uriTooLong ? [414, 'URI Too Long'] : [431, 'Request Header Fields Too Large'];
  const body = JSON.stringify({ error: uriTooLong ? 'The address of the request is too long' : 'The headers of the request are too large' });
  socket.on('data', () => undefined);
  socket.on('error', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  setTimeout(() => socket.destroy(), OVERSIZED_DRAIN_MS).unref();
}

/** The Node HTTP server of the app, with the request timeouts above (main.ts and the tests). */
export function serveApp(options: ServeOptions, onListening?: (info: AddressInfo) => void): ServerType {
  const timeouts = options.timeouts ?? API_REQUEST_TIMEOUTS;
  const server = createAdaptorServer({
    fetch: options.fetch,
    hostname: options.hostname,
    serverOptions: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
  });
  server.listen({ port: options.port, host: options.hostname, backlog: LISTEN_BACKLOG }, () => onListening?.(server.address() as AddressInfo));
  // An HTTP/1.1 server (serve() makes one unless asked for HTTP/2, which has no such timeout).
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = timeouts.keepAliveMs;
  server.on('clientError', answerOversizedHead);
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
