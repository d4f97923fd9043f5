import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID, type FirstScreenAnswer } from '../../contract/first-screen';
import { SESSION_TOUCH_INTERVAL_MS } from '../services/sign-in/sessions';
import { connect, insertEvent, registerAt } from '../test/helpers/events-fixtures';
import { askMeeting, meetingEvent } from '../test/helpers/meeting-fixtures';
import { createTestContext, signUp, type TestContext } from '../test/helpers/test-app';
import type { TestClient } from '../test/helpers/test-client';
import type { AppEnv } from './app-env';

/**
 * The app's page announces what its first screen loads (server/http/first-screen.ts): the
 * screen's chunks from the build manifest, and for a signed-in member the answers of its first
 * API reads, embedded, and the picture of its largest paint. A build of our own stands in for
 * `vite build` (an index.html and a manifest of the same shape).
 */

let t: TestContext;
let dist: string;
let app: Hono<AppEnv>;
let member: TestClient;
let eventId: string;

const INDEX =
  '<!doctype html><html><head><title>Mingle</title><script type="module" src="/assets/index-E1.js"></script></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: [] },
  'src/routes/event-detail.tsx': {
    file: 'assets/event-detail-D1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-S1.js'],
    css: ['assets/event-detail-C1.css'],
  },
  '_shared-S1.js': { file: 'assets/shared-S1.js', imports: ['index.html'] },
  'src/routes/auth.tsx': { file: 'assets/auth-A1.js', isDynamicEntry: true, imports: ['index.html'] },
};

/** Who the page is for: a description that tries to end the data block and run a script. */
const HOSTILE = '<p>Meet us</p></script><script>alert(1)</script><!--';

beforeAll(async () => {
  t = await createTestContext();
  dist = mkdtempSync(join(tmpdir(), 'mingle-first-screen-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  app = t.makeApp({ DIST_DIR: dist });
  member = t.client({}, app);
  const { me } = await signUp(t, member);
  const event = await insertEvent(t.db, { name: 'Harbour Summit', description: HOSTILE });
  eventId = event.id;
  await registerAt(t.db, me.id, eventId, 'Meet founders');
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

const page = (client: TestClient, path: string) => client.get(path, { headers: { accept: 'text/html' } });

/** The embedded answers of a page, parsed as the app parses them. */
function embedded(html: string): FirstScreenAnswer[] | null {
  const match = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as FirstScreenAnswer[]) : null;
}

/** Each page embeds exactly its reads, each the very answer the API gives the member. */
async function expectEmbedded(expected: Record<string, string[]>): Promise<void> {
  for (const [path, reads] of Object.entries(expected)) {
    const answers = embedded((await page(member, path)).text);
    expect(
      answers?.map((answer) => answer.path),
      path,
    ).toEqual(reads);
    for (const answer of answers!) expect(answer.body, answer.path).toEqual((await member.get(`/api/${answer.path}`)).body);
  }
}

describe("the app's page", () => {
  it("embeds for a signed-in member exactly what the API answers to the screen's first reads", async () => {
    const res = await page(member, `/events/${eventId}`);
    expect(res.status).toBe(200);
    const answers = embedded(res.text);
    expect(answers?.map((answer) => answer.path)).toEqual(['users/me', `events/${eventId}`, `events/${eventId}/attendees/my-connections`]);
    for (const answer of answers!) {
      const api = await member.get(`/api/${answer.path}`);
      expect(answer.body, answer.path).toEqual(api.body);
    }
    // Private to the member: never stored, and only valid with this cookie.
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toContain('Cookie');
  });

  it("embeds the profile with the member's events, the connections list and the feed's first page", async () => {
    const expected: Record<string, string[]> = {
      '/profile': ['users/me', 'events/my-events?includeAttendeeConnections=true'],
      '/connections': ['users/me', 'users/connections'],
      '/feed': ['users/me', 'feed?limit=20'],
    };
    await expectEmbedded(expected);
  });

  it("embeds a connection's profile with their photo preloaded, the plans with the member's subscription, and the chats", async () => {
    const other = t.client({}, app);
    const { me: them } = await signUp(t, other);
    await t.db
      .updateTable('users')
      .set({ image_url: `/media/profiles/${them.id}.webp` })
      .where('id', '=', them.id)
      .execute();
    const me = (await member.get('/api/users/me')).body as { id: string };
    await connect(t.db, me.id, them.id);
    const connection = await page(member, `/connections/${them.id}`);
    const answers = embedded(connection.text);
    expect(answers?.map((answer) => answer.path)).toEqual(['users/me', `users/${them.id}/connection`]);
    for (const answer of answers!) expect(answer.body, answer.path).toEqual((await member.get(`/api/${answer.path}`)).body);
    expect(connection.text.slice(0, connection.text.indexOf('</head>'))).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="/media/profiles/${them.id}.webp">`,
    );
    // Not a connection (yet): the read answers 404, so nothing of it is embedded.
    expect(embedded((await page(member, `/connections/${crypto.randomUUID()}`)).text)?.map((answer) => answer.path)).toEqual(['users/me']);

    const pricing = embedded((await page(member, '/pricing')).text);
    expect(pricing?.map((answer) => answer.path)).toEqual(['users/me', 'stripe/plans', 'stripe/subscription']);
    for (const answer of pricing!) expect(answer.body, answer.path).toEqual((await member.get(`/api/${answer.path}`)).body);
    const assistant = embedded((await page(member, '/assistant')).text);
    expect(assistant?.map((answer) => answer.path)).toEqual(['users/me', 'chat']);
    expect(assistant![1]!.body).toEqual((await member.get('/api/chat')).body);
  });

  it("embeds the meetings at every event, an event's meetings with the event, and one meeting; not the request form", async () => {
    const { event, people, at } = await meetingEvent(t, 1);
    const me = (await member.get('/api/users/me')).body as { id: string };
    await t.db
      .updateTable('users')
      .set({ role: 'Engineer', story: 'I build things.', image_url: `/img/${me.id}.jpg` })
      .where('id', '=', me.id)
      .execute();
    await registerAt(t.db, me.id, event.id);
    const asked = await askMeeting(people[0]!, event.id, { inviteeId: me.id, startsAt: at(60) });
    expect(asked.status, asked.text).toBe(201);
    const meetingId = (asked.body as { id: string }).id;

    const expected: Record<string, string[]> = {
      '/meetings': ['users/me', 'meetings'],
      [`/events/${event.id}/meetings`]: ['users/me', `events/${event.id}`, `events/${event.id}/meetings`],
      [`/meetings/${meetingId}`]: ['users/me', `meetings/${meetingId}`],
    };
    await expectEmbedded(expected);
    expect((embedded((await page(member, '/meetings')).text)![1]!.body as Array<{ id: string }>).map((meeting) => meeting.id)).toEqual([meetingId]);
    // The form reads who is free as it opens, not before: the plain page.
    expect(embedded((await page(member, `/events/${event.id}/meetings/new?with=${people[0]!.id}`)).text)).toBeNull();
    expect(embedded((await page(member, '/meetings/new')).text)).toBeNull();
  });

  it('embeds the conversations, and for a conversation its newest page too', async () => {
    const me = (await member.get('/api/users/me')).body as { id: string };
    const other = t.client({}, app);
    const { me: them } = await signUp(t, other);
    await connect(t.db, me.id, them.id);
    const id = crypto.randomUUID();
    const sent = await other.request('PUT', `/api/conversations/${me.id}/messages/${id}`, { json: { text: 'Hello there' } });
    expect(sent.status, sent.text).toBe(201);
    const expected: Record<string, string[]> = {
      '/messages': ['users/me', 'conversations'],
      [`/messages/${them.id}`]: ['users/me', 'conversations', `conversations/${them.id}/messages`],
    };
    await expectEmbedded(expected);
  });

  it("announces the screen's chunks, its styles and its cover in the head", async () => {
    const res = await page(member, `/events/${eventId}`);
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-S1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/event-detail-D1.js">');
    expect(head.indexOf('shared-S1.js')).toBeLessThan(head.indexOf('event-detail-D1.js'));
    expect(head).not.toContain('modulepreload" crossorigin href="/assets/index-E1.js"');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/event-detail-C1.css">');
    expect(head).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/events/event-01.svg">');
  });

  it('keeps a hostile description inside the data block: nothing in it ends the element', async () => {
    const res = await page(member, `/events/${eventId}`);
    expect(res.text.match(/<script/g)).toHaveLength(2);
    expect(res.text).not.toContain('alert(1)</script>');
    const event = embedded(res.text)!.find((answer) => answer.path === `events/${eventId}`)!.body as { eventData: { description: string } };
    expect(event.eventData.description).toBe(HOSTILE);
  });

  it('embeds nothing for a visitor or an expired session, and stays cacheable then', async () => {
    for (const client of [t.client({}, app), t.client({ headers: { cookie: 'sid=not-a-session' } }, app)]) {
      const res = await page(client, `/events/${eventId}`);
      expect(res.status).toBe(200);
      expect(embedded(res.text)).toBeNull();
      expect(res.text).not.toContain('<link');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    // The shell paints a visitor's first screen: nothing competes with its entry script.
    const auth = await page(t.client({}, app), '/auth');
    expect(auth.text).toBe(INDEX);
  });

  it('leaves out answers that are not 200 and pages without reads, and never fails on a strange path', async () => {
    const missing = await page(member, '/events/00000000-0000-4000-8000-000000000000');
    expect(embedded(missing.text)?.map((answer) => answer.path)).toEqual(['users/me']);
    for (const path of ['/events/%E0%A4%A', '/events/%E0%A4%A/connect', '/events?tab=%ZZ', '/profile', '/events/x/y/z']) {
      const res = await page(member, path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<div id="root">');
    }
    expect(embedded((await page(member, '/organizer/x')).text)).toBeNull();
  });

  it('sends the page gzipped to a browser that accepts it', async () => {
    const res = await app.request(
      `http://localhost/events/${eventId}`,
      { headers: { accept: 'text/html', 'accept-encoding': 'gzip, br', cookie: `sid=${member.sid}` } },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(embedded(html)?.length).toBe(3);
  });

  it('passes a renewed session cookie on, Secure when a trusted proxy says the browser used HTTPS', async () => {
    const behindProxy = t.makeApp({ DIST_DIR: dist, TRUST_PROXY: 'true' });
    const client = t.client({ headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'mingle.example' } }, behindProxy);
    await signUp(t, client);
    t.clock.advance(SESSION_TOUCH_INTERVAL_MS + 1_000);
    const res = await page(client, '/events');
    expect(embedded(res.text)?.[0]?.path).toBe('users/me');
    expect(res.cookies.find((cookie) => cookie.startsWith('sid='))).toMatch(/;\s*Secure/i);
  });

  it('leaves a screen without first reads as the plain page, and survives an unreadable manifest', async () => {
    const create = await page(member, '/events/create');
    expect(create.text).toBe(INDEX);

    writeFileSync(join(dist, '.vite', 'manifest.json'), '{not json');
    try {
      const res = await page(member, `/events/${eventId}`);
      expect(res.status).toBe(200);
      expect(embedded(res.text)?.length).toBe(3);
      expect(res.text).not.toContain('modulepreload');
    } finally {
      writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    }
  });

  it('does not serve the build manifest', async () => {
    expect((await member.get('/.vite/manifest.json')).status).toBe(404);
  });
});
