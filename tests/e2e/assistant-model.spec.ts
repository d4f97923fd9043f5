import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { BASIC_ASSISTANT_LABEL } from '../../contract/chat';
import { startServerProcess, type AppServer } from '../../server/test/helpers/server-process';
import { startFakeOpenAiServer, type FakeOpenAiServer, type RecordedRequest } from '../support/fake-openai-server';
import { acceptCookies } from '../support/journeys';
import { e2eDistDir } from '../support/paths';

/**
 * The assistant with a language model, end to end: the suite's server has no model, so
 * this file starts a second real server (server/main.ts on the suite's build, demo data, a data
 * folder of its own, codes printed in its log) with AI_BASE_URL pointing at the local
 * chat-completions server of tests/support/fake-openai-server.ts. The fake model first calls
 * search_events, then streams an answer, piece by piece, naming an event from the tool's result.
 */

let fake: FakeOpenAiServer;
let server: AppServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await startFakeOpenAiServer();
  dataDir = await mkdtemp(join(tmpdir(), 'mingle-e2e-model-'));
  server = await startServerProcess({
    DATA_DIR: dataDir,
    DIST_DIR: e2eDistDir(),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_IP: '100000',
    AI_BASE_URL: fake.url,
    AI_API_KEY: 'sk-e2e',
    AI_MODEL: 'fake-model',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A new member on the second server, signed up, consented and profiled through its API; the context holds the session. */
async function newMemberContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 360, height: 640 } });
  const email = `e2e-model-${Date.now().toString(36)}@example.com`;
  const names = { firstName: 'Ada', lastName: 'Model' };
  const since = server.output().length;
  expect((await context.request.post('/api/signup/pin/request', { data: { ...names, email } })).status()).toBe(200);
  const [, pin] = await server.waitForOutput(new RegExp(`To: ${email.replace(/[.]/g, '\\.')}\\s+Sign-(?:up|in) code: (\\d{6})`), since);
  expect((await context.request.post('/api/signup/pin/verify', { data: { ...names, email, pin } })).status()).toBe(201);
  expect((await context.request.post('/api/users/consents', { data: { consents: [{ type: 'terms' }, { type: 'privacy' }] } })).status()).toBe(201);
  const profile = { role: 'Machine learning engineer', story: 'I build recommendation systems and like AI meetups.' };
  expect((await context.request.patch('/api/users/me', { data: profile })).status()).toBe(200);
  return context;
}

interface ToolEvent {
  eventId: string;
  name?: string;
}

/** The events the search_events tool gave the model (the tool message of the second request). */
function toolEvents(request: RecordedRequest): ToolEvent[] {
  const tool = request.body.messages.find((m) => m.role === 'tool');
  return tool ? (JSON.parse(String(tool.content)) as { events: ToolEvent[] }).events : [];
}

test('a model answer: the tool is called, the answer streams onto the screen in pieces and names an event the tool found; its card opens it', async ({
  browser,
}) => {
  const context = await newMemberContext(browser);
  let chunks: string[] = [];
  fake.enqueue({ toolCalls: [{ name: 'search_events', arguments: { query: 'AI', place: 'Stockholm' } }] }, (request) => {
    const found = toolEvents(request).find((e) => e.name);
    const name = found?.name ?? 'nothing';
    chunks = ['I looked ', 'through the ', 'upcoming events. ', `Try ${name}`, ': it fits ', 'your question.'];
    return { text: chunks.join(''), chunks, chunkDelayMs: 300 };
  });

  const page = await context.newPage();
  await page.goto('/assistant');
  await acceptCookies(page);
  await page.getByRole('button', { name: /^Discover events/ }).click();
  await expect(page).toHaveURL(/\/assistant\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Discover events' })).toBeVisible();
  await expect(page.getByText(BASIC_ASSISTANT_LABEL)).toHaveCount(0);

  const input = page.getByRole('textbox', { name: 'Message the assistant' });
  await input.fill('AI meetups in Stockholm');
  await input.press('Enter');

  // While it is written: the answer so far, in the bubble marked busy, without its end yet.
  const writing = page.getByRole('log', { name: 'Messages' }).locator('[aria-busy="true"]');
  await expect(writing).toContainText('I looked through the');
  expect(chunks.length).toBeGreaterThan(0);
  const partial = (await writing.textContent()) ?? '';
  expect(partial).not.toContain(chunks.at(-1));

  // The whole answer, stored; the streaming bubble is gone.
  const answer = chunks.join('');
  await expect(page.getByText(answer)).toBeVisible();
  await expect(writing).toHaveCount(0);

  // The model asked for search_events and was given its result; the event it named is one of them.
  expect(fake.requests).toHaveLength(2);
  expect(fake.requests[1]!.body.messages.find((m) => m.tool_calls)!.tool_calls![0]!.function.name).toBe('search_events');
  const named = toolEvents(fake.requests[1]!).find((e) => e.name)!;
  expect(named, 'search_events found an event in the demo data').toBeDefined();
  expect(answer).toContain(named.name!);
  await expect(page.getByText(BASIC_ASSISTANT_LABEL)).toHaveCount(0);

  // The answer's cards are the tool's events; the named one opens its event.
  const card = page.getByRole('list', { name: 'Events' }).getByRole('link', { name: named.name!, exact: true });
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/events/${named.eventId}$`));
  await expect(page.getByRole('heading', { level: 1, name: named.name! })).toBeVisible();
  await context.close();
});
