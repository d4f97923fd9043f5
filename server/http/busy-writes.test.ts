import { Hono } from 'hono';
import { expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { IDEMPOTENCY_HEADER } from '../../contract/attendees';
import { BUSY_RETRY_AFTER_S, busyWrites, OLDEST_WAIT_MS, OUTBOX_OLDEST_WAIT_MS, OUTBOX_WRITES_IN_FLIGHT, WRITES_IN_FLIGHT } from './busy-writes';

/** Writes turned away only while many are in flight and the oldest has waited long (an outbox's sooner); reads never. */

function appWithHeldWrites() {
  let clock = 0;
  const releases: Array<() => void> = [];
  const app = new Hono();
  app.use(
    '*',
    busyWrites(() => clock),
  );
  app.post('/write', async (c) => {
    await new Promise<void>((resolve) => releases.push(resolve));
    return c.json({ ok: true }, 201);
  });
  app.get('/read', (c) => c.json({ ok: true }));
  return { app, releases, advance: (ms: number) => (clock += ms) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

it('turns a write away with 429 and Retry-After once many writes wait and the oldest has waited long; reads go on', async () => {
  const { app, releases, advance } = appWithHeldWrites();
  const held = Array.from({ length: WRITES_IN_FLIGHT }, () => app.request('/write', { method: 'POST' }));
  await settle();
  // Many in flight, but the database is clearing them quickly: nothing is refused.
  const quick = app.request('/write', { method: 'POST' });
  await settle();
  expect(releases).toHaveLength(WRITES_IN_FLIGHT + 1);

  advance(OLDEST_WAIT_MS + 1);
  const refused = await app.request('/write', { method: 'POST' });
  expect(refused.status).toBe(429);
  expect(await refused.json()).toEqual({ error: API_ERRORS.tooManyRequests, code: 'server_busy' });
  expect(refused.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_S));
  expect((await app.request('/read')).status).toBe(200);

  // Once they are answered, writes are taken again.
  releases.forEach((release) => release());
  expect((await Promise.all([...held, quick])).map((res) => res.status)).toEqual(Array(WRITES_IN_FLIGHT + 1).fill(201));
  const again = app.request('/write', { method: 'POST' });
  await settle();
  releases.at(-1)!();
  expect((await again).status).toBe(201);
});

it('never refuses while fewer writes are in flight, however long they take', async () => {
  const { app, releases, advance } = appWithHeldWrites();
  const held = Array.from({ length: WRITES_IN_FLIGHT - 2 }, () => app.request('/write', { method: 'POST' }));
  await settle();
  advance(60_000);
  const next = app.request('/write', { method: 'POST' });
  await settle();
  releases.forEach((release) => release());
  expect((await Promise.all([...held, next])).every((res) => res.status === 201)).toBe(true);
});

it("turns an outbox's write away sooner than others: it comes back on its own", async () => {
  const { app, releases, advance } = appWithHeldWrites();
  const keyed = () => app.request('/write', { method: 'POST', headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } });
  const held = Array.from({ length: OUTBOX_WRITES_IN_FLIGHT }, keyed);
  await settle();
  advance(OUTBOX_OLDEST_WAIT_MS + 1);
  const refused = await keyed();
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_S));
  // A write someone waits for (signing up, paying) is still taken at this point.
  const waitedFor = app.request('/write', { method: 'POST' });
  await settle();
  expect(releases).toHaveLength(OUTBOX_WRITES_IN_FLIGHT + 1);
  releases.forEach((release) => release());
  expect((await Promise.all([...held, waitedFor])).every((res) => res.status === 201)).toBe(true);
});
