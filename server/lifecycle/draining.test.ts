import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApp } from '../http/node-server';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import { drainHttpServer } from './drain-http-server';
import { isDraining } from './draining';

/**
 * Once told to stop, the process says so to load balancers and clients. The draining
 * state belongs to the process, so this file (its vitest project runs each file in a process of its own)
 * starts draining once and does not stop.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('a draining server', () => {
  it('finishes the request in flight, which says Connection: close; /readyz says shutting down', async () => {
    const server = await new Promise<ReturnType<typeof serveApp>>((resolve) => {
      const started = serveApp({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    const { port } = server.address() as AddressInfo;
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    // A request in flight (the body arrives after the stop began) is answered, not cut.
    let sendRest!: () => void;
    const rest = new Promise<void>((resolve) => (sendRest = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('{"firstName":"Ada","lastName":"Lovelace","email":'));
        await rest;
        controller.enqueue(new TextEncoder().encode('"draining@example.com"}'));
        controller.close();
      },
    });
    const inFlight = fetch(`http://127.0.0.1:${port}/api/signup/pin/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body,
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const drained = drainHttpServer(server, 5_000);
    expect(isDraining()).toBe(true);
    const ready = await t.client().get('/readyz');
    expect([ready.status, ready.body]).toEqual([503, { status: 'not ready', reason: 'shutting down' }]);
    expect((await t.client().get('/healthz')).status).toBe(200);

    sendRest();
    const answer = await inFlight;
    expect([answer.status, answer.headers.get('connection')]).toEqual([200, 'close']);
    expect(await drained).toEqual({ cut: 0 });
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
