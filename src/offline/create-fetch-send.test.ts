// @vitest-environment node
// In Node, as the outbox benchmark uses it: fetch there sends a cookie header set by hand.
/// <reference types="node" />
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchSend } from './send';

let server: Server;
let origin: string;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    // Venue Wi-Fi that hangs: this one is never answered.
    if (req.url?.endsWith('/hangs')) return;
    req.resume();
    req.on('end', () => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ interaction: { id: 'int-1' }, newConnection: null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createFetchSend', () => {
  it('reaches an absolute API base through the given fetch, which may add its own headers', async () => {
    const send = createFetchSend(`${origin}/api/`, (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', 'sid=abc');
      return fetch(input, { ...init, headers });
    });
    const response = await send({ method: 'POST', path: '/users/interactions/positive', body: { toUserId: 'u', eventId: 'e' }, idempotencyKey: 'key-1' });
    expect(response).toEqual({ status: 201, body: { interaction: { id: 'int-1' }, newConnection: null }, retryAfter: null });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/api/users/interactions/positive');
    expect(seen[0]!.headers.cookie).toBe('sid=abc');
    expect(seen[0]!.headers['idempotency-key']).toBe('key-1');
  });

  it('abandons a request not answered within its time as no answer, so the engine tries it again later', async () => {
    const send = createFetchSend(`${origin}/api/`, undefined, 200);
    const started = Date.now();
    expect(await send({ method: 'POST', path: '/hangs', body: {}, idempotencyKey: 'key-2' })).toEqual({ status: 0, body: null, retryAfter: null });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
