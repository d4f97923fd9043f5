/// <reference types="node" />
import 'fake-indexeddb/auto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox } from './outbox';
import { fetchSend } from './send';
import { createSyncEngine } from './sync-engine';
import { freshDb, manualTimers, memoryLock } from './test-helpers';
import { swipeMutation } from './mutations/swipe';

interface Seen {
  method: string;
  url: string;
  key: string | undefined;
  body: unknown;
}

type Handler = (req: IncomingMessage, body: unknown, res: ServerResponse) => void;

let server: Server;
let origin: string;
let handler: Handler;
const seen: Seen[] = [];

const setPageUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body: unknown = raw ? JSON.parse(raw) : null;
      seen.push({ method: req.method ?? '', url: req.url ?? '', key: req.headers['idempotency-key'] as string | undefined, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setPageUrl(`${origin}/`);
});
afterEach(() => {
  seen.length = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

describe('fetchSend', () => {
  it('sends JSON with the Idempotency-Key and returns status, body and Retry-After', async () => {
    handler = (_req, _body, res) => json(res, 429, { error: 'Slow down' }, { 'Retry-After': '7' });
    const response = await fetchSend({
      method: 'POST',
      path: 'users/interactions/positive',
      body: { toUserId: 'u', eventId: 'e' },
      idempotencyKey: 'key-1',
    });
    expect(response).toEqual({ status: 429, body: { error: 'Slow down' }, retryAfter: '7' });
    expect(seen).toEqual([{ method: 'POST', url: '/api/users/interactions/positive', key: 'key-1', body: { toUserId: 'u', eventId: 'e' } }]);
  });

  it('handles empty and unreadable answers without throwing', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(204);
      res.end();
    };
    expect(await fetchSend({ method: 'DELETE', path: 'users/interactions/x', idempotencyKey: 'k' })).toEqual({
      status: 204,
      body: null,
      retryAfter: null,
    });
    handler = (_req, _body, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    };
    expect(await fetchSend({ method: 'GET', path: 'users/interactions/e' })).toMatchObject({ status: 502, body: null });
    expect(seen[1]?.key).toBeUndefined();
  });

  it('reports a network failure as status 0', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((resolve) => dead.close(resolve));
    setPageUrl(`http://127.0.0.1:${port}/`);
    try {
      expect(await fetchSend({ method: 'POST', path: 'users/interactions/negative', body: {}, idempotencyKey: 'k' })).toEqual({
        status: 0,
        body: null,
        retryAfter: null,
      });
    } finally {
      setPageUrl(`${origin}/`);
    }
  });

  it('end to end: a replayed key gets the first answer and makes no second interaction', async () => {
    // A server applying each key once, as the interactions API does.
    const answers = new Map<string, unknown>();
    let created = 0;
    let failFirst = 2;
    handler = (req, _body, res) => {
      if (failFirst-- > 0) return json(res, 500, { error: 'A server error occurred.' });
      const key = req.headers['idempotency-key'] as string;
      if (!answers.has(key)) answers.set(key, { interaction: { id: `int-${++created}` }, newConnection: null });
      json(res, 201, answers.get(key));
    };
    const db = freshDb();
    const timers = manualTimers();
    let t = 1_000;
    const outbox = createOutbox({ db, userId: 'alice', now: () => t });
    const swipe = await outbox.enqueue(swipeMutation, { eventId: 'e', toUserId: 'u', direction: 'right' });
    const engine = createSyncEngine({ userId: 'alice', db, now: () => t, random: () => 0.5, lock: memoryLock(), schedule: timers.schedule });
    engine.start();
    await engine.syncNow();
    t = (await db.outbox.get(swipe.id))!.nextAttemptAt;
    await engine.syncNow();
    t = (await db.outbox.get(swipe.id))!.nextAttemptAt;
    await engine.syncNow();
    // A crash after the answer but before the delete: the record is put back and replayed.
    await db.outbox.add({ ...swipe, state: 'sending' });
    await engine.syncNow();
    engine.stop();
    expect(seen.map((s) => s.key)).toEqual([swipe.id, swipe.id, swipe.id, swipe.id]);
    expect(created).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    await db.delete();
  });
});
