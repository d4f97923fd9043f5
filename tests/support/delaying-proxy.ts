import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Venue Wi-Fi that connects but hangs: an HTTP proxy in front of the app's server, on its own port,
 * that holds every request `delayMs` before passing it on (0: at once). The browser opens the app at
 * the proxy's origin, so the page, the service worker and the API all go through it, as they would
 * through a slow access point. The delay can change at any time; a request keeps the delay it
 * arrived with.
 */
export interface DelayingProxy {
  origin: string;
  /** Milliseconds each request waits from now on before it is passed on. */
  delayMs: number;
  /** Requests that arrived and have not been answered yet (the event stream, open for good, is not one). */
  readonly outstanding: number;
  close(): Promise<void>;
}

export async function startDelayingProxy(target: string): Promise<DelayingProxy> {
  const upstream = new URL(target);
  let outstanding = 0;
  const state = { delayMs: 0 };

  const forward = (incoming: IncomingMessage, answer: ServerResponse) => {
    const outgoing = request(
      // The Host header stays the proxy's: the server compares a write's Origin with it.
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    outgoing.on('error', () => {
      if (!answer.headersSent) answer.writeHead(502);
      answer.end();
    });
    incoming.pipe(outgoing);
  };

  const server: Server = createServer((incoming, answer) => {
    // The app's event stream is an answer that does not end while the app is open.
    if (!incoming.url?.startsWith('/api/stream')) {
      outstanding += 1;
      answer.on('close', () => (outstanding -= 1));
    }
    // Read the body while waiting, so a write's body is not lost to the delay.
    incoming.pause();
    const delay = state.delayMs;
    if (delay <= 0) forward(incoming, answer);
    else setTimeout(() => forward(incoming, answer), delay);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    get outstanding() {
      return outstanding;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
