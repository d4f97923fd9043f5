/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_DATA_MAX_AGE_MS } from '../../contract/first-screen';

// A real HTTP server stands for the API: the test counts what reaches the network.
const setPageUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
let server: Server;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ from: 'network' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setPageUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/events/e1`);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A fresh page: the data block the server would write, and the app's modules loaded anew. */
async function openPage(answers: unknown, text = JSON.stringify(answers)) {
  document.getElementById(FIRST_SCREEN_DATA_ID)?.remove();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_SCREEN_DATA_ID;
  block.textContent = text;
  document.body.append(block);
  vi.resetModules();
  return (await import('./api-client')).apiClient;
}

beforeEach(() => {
  asked.length = 0;
  vi.restoreAllMocks();
  // A page a second old: the test worker's own clock may be past the limit on a busy machine.
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
});

describe('answers embedded in the page', () => {
  it('are taken instead of the network, once each, and only for the same path', async () => {
    const api = await openPage([
      { path: 'users/me', body: { id: 'u1' } },
      { path: 'events/e1', body: { id: 'e1', from: 'page' } },
    ]);
    expect(await api.get('users/me')).toEqual({ id: 'u1' });
    expect(await api.get('/events/e1')).toEqual({ id: 'e1', from: 'page' });
    expect(asked).toEqual([]);
    // A second read of the same path is fresh.
    expect(await api.get('events/e1')).toEqual({ from: 'network' });
    expect(await api.get('events/e2')).toEqual({ from: 'network' });
    expect(asked).toEqual(['GET /api/events/e1', 'GET /api/events/e2']);
    expect(document.getElementById(FIRST_SCREEN_DATA_ID)).toBeNull();
  });

  it('are all dropped at the first write (a sign-in or log-out may change whose they are)', async () => {
    const api = await openPage([
      { path: 'users/me', body: { id: 'u1' } },
      { path: 'events/my-events?includeAttendeeConnections=true', body: { events: ['mine'] } },
    ]);
    await api.get('users/me');
    await api.post('logout');
    expect(await api.get('events/my-events?includeAttendeeConnections=true')).toEqual({ from: 'network' });
    expect(asked).toEqual(['POST /api/logout', 'GET /api/events/my-events?includeAttendeeConnections=true']);
  });

  it('are not taken once the page is older than the limit', async () => {
    const api = await openPage([{ path: 'users/me', body: { id: 'u1' } }]);
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_SCREEN_DATA_MAX_AGE_MS + 1);
    expect(await api.get('users/me')).toEqual({ from: 'network' });
  });

  it('an unreadable block is ignored: the app asks the network', async () => {
    const api = await openPage(null, '{not json');
    expect(await api.get('users/me')).toEqual({ from: 'network' });
    expect(asked).toEqual(['GET /api/users/me']);
  });
});

describe('asking again at mount', () => {
  it("leaves the page's own answer unasked, but asks again for the same data restored from an earlier page", async () => {
    await openPage([{ path: 'users/interactions/e1', body: [{ id: 'i1' }] }]);
    const { takeFirstScreenAnswer, refetchOnMountUnlessPageAnswer } = await import('./first-screen-data');
    const now = Date.now();
    const pageAnswer = takeFirstScreenAnswer('users/interactions/e1');
    expect(refetchOnMountUnlessPageAnswer({ state: { data: pageAnswer, dataUpdateCount: 0, dataUpdatedAt: now } })).toBe(false);
    // The persisted cache, written by the page before, restored the same list moments ago.
    const restored = [{ id: 'i1' }];
    expect(refetchOnMountUnlessPageAnswer({ state: { data: restored, dataUpdateCount: 0, dataUpdatedAt: now } })).toBe('always');
  });
});
