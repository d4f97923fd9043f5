import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { TestClient } from './test-client';

/**
 * A local push service for the tests: web-push-testing, which speaks RFC 8030 (the endpoints a
 * browser gets) and decrypts what it receives (RFC 8291) so a test can read the messages. It runs
 * in a child process of its own (it exits its process on errors) on a free port.
 */
export interface LocalPushService {
  /** Where its endpoints are: the server under test trusts it through PUSH_ALLOWED_ORIGINS. */
  origin: string;
  /** A new browser subscription to this service, for the server's VAPID public key. */
  subscribe(applicationServerKey: string): Promise<LocalSubscription>;
  /** The decrypted messages delivered to the subscription, oldest first. */
  messages(subscription: LocalSubscription): Promise<string[]>;
  /** The push service answers 410 Gone for the subscription from now on (the browser unsubscribed). */
  expire(subscription: LocalSubscription): Promise<void>;
  close(): Promise<void>;
}

export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const script = createRequire(import.meta.url).resolve('web-push-testing/src/bin/server.js');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [script, String(port)], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://localhost:${port}`;
  // A connection per call: the service drops a connection idle for 5 s, and a reused one it is
  // dropping fails the request on it (a test's first subscribe comes after the database is set up).
  const post = (path: string, body?: unknown) =>
    new Promise<{ json(): Promise<unknown> }>((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) reject(new Error(`push service ${path}: ${status} ${text}`));
          else resolve({ json: async () => JSON.parse(text) as unknown });
        });
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await post('/status');
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the local push service did not start: ${String(error)}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    origin: base,
    async subscribe(applicationServerKey) {
      const res = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      return ((await res.json()) as { data: LocalSubscription }).data;
    },
    async messages(subscription) {
      const res = await post('/get-notifications', { clientHash: subscription.clientHash });
      return ((await res.json()) as { data: { messages: string[] } }).data.messages;
    },
    async expire(subscription) {
      await post(`/expire-subscription/${subscription.clientHash}`);
    },
    async close() {
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, 'exit');
    },
  };
}

/**
 * What a browser does when its member turns notifications on: subscribe at the push service with
 * the server's VAPID key, then hand the server the subscription.
 */
export async function subscribeThroughApi(service: LocalPushService, client: TestClient): Promise<LocalSubscription> {
  const key = await client.get('/api/push/public-key');
  if (key.status !== 200) throw new Error(`public key: ${key.status}`);
  const subscription = await service.subscribe(key.body.publicKey as string);
  const saved = await client.put('/api/push/subscription', { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys });
  if (saved.status !== 204) throw new Error(`subscription: ${saved.status} ${saved.text}`);
  return subscription;
}
