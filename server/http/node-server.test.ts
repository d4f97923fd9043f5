import type { Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import { API_REQUEST_TIMEOUTS, serveApp, type RequestTimeouts } from './node-server';

/** Request timeouts: a client that stalls its headers or body no longer holds a connection for minutes. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function listen(timeouts?: RequestTimeouts): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = serveApp({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', ...(timeouts ? { timeouts } : {}) }, (info: AddressInfo) =>
      resolve({ server: server as Server, port: info.port }),
    );
  });
}

/** Sends `text` and nothing more; resolves with what the server wrote and when it closed. */
function stall(port: number, text: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
  });
}

describe('request timeouts', () => {
  it('are set on the server: headers 10 s, the whole request 30 s, idle kept-alive connections 65 s', async () => {
    const { server } = await listen();
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([
      API_REQUEST_TIMEOUTS.headersMs,
      API_REQUEST_TIMEOUTS.requestMs,
      API_REQUEST_TIMEOUTS.keepAliveMs,
    ]);
    expect(API_REQUEST_TIMEOUTS).toMatchObject({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 65_000 });
    server.close();
  });

  describe('with short limits', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      ({ server, port } = await listen({ headersMs: 400, requestMs: 800, checkEveryMs: 100, keepAliveMs: 1_500 }));
    });
    afterAll(() => server.close());

    it('cuts a body that stalls with 408 and closes the connection', async () => {
      const head = 'POST /api/login/pin/request HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
      const { answer, closedAfterMs } = await stall(port, `${head}{"email":`);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(closedAfterMs).toBeLessThan(5_000);
    });

    it('keeps an idle connection open past the headers limit, for the next request, until the keep-alive limit', async () => {
      const request = 'GET /api/users/me HTTP/1.1\r\nHost: localhost\r\n\r\n';
      const socket = connect(port, '127.0.0.1');
      socket.setEncoding('utf8');
      let received = '';
      let closedAt = 0;
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => (closedAt = Date.now()));
      const answers = () => received.match(/HTTP\/1\.1 \d+/g) ?? [];
      const until = async (done: () => boolean) => {
        while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      socket.write(request);
      await until(() => answers().length === 1);
      // Idle for twice the headers limit: an idle connection is not a request that stalls.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(closedAt).toBe(0);
      const idleFrom = Date.now();
      socket.write(request);
      await until(() => answers().length === 2);
      expect(answers()).toEqual(['HTTP/1.1 401', 'HTTP/1.1 401']);
      await until(() => closedAt > 0);
      // Closed by our limit (1.5 s here), not Node's default of 5 s.
      expect(closedAt - idleFrom).toBeGreaterThanOrEqual(1_000);
      expect(closedAt - idleFrom).toBeLessThan(4_000);
    });

    it('cuts headers that never end', async () => {
      const { answer, closedAfterMs } = await stall(port, 'GET /api/users/me HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(closedAfterMs).toBeLessThan(5_000);
    });

    it('still answers a request sent at a normal pace', async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/users/me`);
      expect(res.status).toBe(401);
    });
  });
});

describe('a request head over the limit', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    ({ server, port } = await listen());
  });
  afterAll(() => server.close());

  it('answers a 100 KB address with 414 and a JSON error, read by an ordinary client instead of a reset', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/events?search=${'a'.repeat(100_000)}`);
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({ error: 'The address of the request is too long' });
  });

  it('answers headers over the limit with 431, and still serves the next connection', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/users/me`, { headers: { 'x-padding': 'p'.repeat(40_000) } });
    expect(res.status).toBe(431);
    expect((await fetch(`http://127.0.0.1:${port}/api/users/me`)).status).toBe(401);
  });
});
