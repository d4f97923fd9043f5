/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small real HTTP server standing in for the API in client component tests: the page URL is set
 * to its origin so the real api client reaches it with its relative /api/ URLs. It answers
 * each "METHOD /api/path" with what the test registered and records the requests.
 */
export interface StubReply {
  /** 0: the connection is cut without an answer, as when the network is gone. */
  status: number;
  body?: unknown;
}
export interface StubRequest {
  method: string;
  path: string;
  /** The query string's parameters (the route matches the path alone). */
  query: URLSearchParams;
  body: unknown;
}
export type StubReplyFn = (body: unknown, query: URLSearchParams) => StubReply;

export interface StubApi {
  origin: string;
  requests: StubRequest[];
  on(route: string, reply: StubReply | StubReplyFn): void;
  reset(): void;
  close(): Promise<void>;
}

const setPageUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

export async function startStubApi(): Promise<StubApi> {
  const replies = new Map<string, StubReply | StubReplyFn>();
  const requests: StubRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body: unknown = raw ? JSON.parse(raw) : null;
      const [path = '', search = ''] = (req.url ?? '').split('?');
      const query = new URLSearchParams(search);
      requests.push({ method: req.method ?? '', path, query, body });
      const entry = replies.get(`${req.method} ${path}`);
      const reply = typeof entry === 'function' ? entry(body, query) : (entry ?? { status: 404, body: { error: 'Not found' } });
      if (reply.status === 0) {
        res.socket?.destroy();
      } else if (reply.body === undefined) {
        res.writeHead(reply.status);
        res.end();
      } else {
        res.writeHead(reply.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setPageUrl(`${origin}/`);
  return {
    origin,
    requests,
    on: (route, reply) => void replies.set(route, reply),
    reset: () => {
      replies.clear();
      requests.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Sets the page's path (on the stub's origin) as a visitor opening that URL would. */
export function openPage(api: StubApi, path: string): void {
  setPageUrl(`${api.origin}${path}`);
}
