import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID, type FirstScreenAnswer } from '../../contract/first-screen';
import { PROMOTION_DATA_ID } from '../../contract/promotions';
import { swipingAttendee } from '../test/helpers/attendee-fixtures';
import { DAY, insertEvent, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import type { AppEnv } from './app-env';
import { escapeHtml } from './built-app';

/**
 * Members' text in the pages the server composes. String.replace reads `$&`, `` $` ``, `$'`, `$$`
 * and `$1` in a replacement string as patterns, so a page built with it from a member's story
 * would copy parts of itself into the story: two doctypes, two roots, data that no longer parses.
 * Every such pattern goes into a story, a goal, an event's name and a location; every HTML route
 * must answer one well-formed document whose embedded data is the API's answer.
 */

const PATTERNS = "$` $' $& $$ $1 $<x>";

const INDEX =
  '<!doctype html><html lang="en"><head><title>Mingle</title><meta name="description" content="Meet people"><script type="module" src="/assets/index-E1.js"></script></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: [] },
  'src/routes/week.tsx': { file: 'assets/week-W1.js', imports: ['index.html'] },
};

let t: TestContext;
let dist: string;
let app: Hono<AppEnv>;
let me: Member;
let eventId: string;

beforeAll(async () => {
  t = await createTestContext();
  dist = mkdtempSync(join(tmpdir(), 'mingle-patterns-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  app = t.makeApp({ DIST_DIR: dist });

  const event = await insertEvent(t.db, { name: `Pricing ${PATTERNS} Summit`, location: `Hall ${PATTERNS}` });
  eventId = event.id;
  me = await swipingAttendee(t, [eventId]);
  const other = await swipingAttendee(t, [eventId]);
  // Through the API, so the content check sees the text as a member would send it.
  const story = `Ask me about pricing in ${PATTERNS} please.`;
  for (const member of [me, other]) {
    const edited = await member.client.patch('/api/users/me', { story, location: `Oslo ${PATTERNS}` });
    expect(edited.status, edited.text).toBe(200);
    const goal = await member.client.patch(`/api/events/${eventId}/attendee`, { goal: `Find ${PATTERNS} partners` });
    expect(goal.status, goal.text).toBeLessThan(300);
  }
  const weekStart = new Date(Date.now() + 10 * DAY);
  await t.db
    .insertInto('promotions')
    .values({
      slug: 'patterns-week',
      event_id: eventId,
      title: `Week ${PATTERNS}`,
      description: `Come ${PATTERNS} along.`,
      image_url: null,
      starts_at: weekStart,
      ends_at: new Date(weekStart.getTime() + 5 * DAY),
    })
    .execute();
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

/** The page at `path`, checked to be one document: one doctype, one html, head, body and root. */
async function onePage(path: string, cookie?: string): Promise<string> {
  const headers: Record<string, string> = { accept: 'text/html' };
  if (cookie) headers.cookie = cookie;
  const res = await app.request(`http://localhost${path}`, { headers }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  expect(res.status, path).toBe(200);
  const html = await res.text();
  for (const tag of [/<!doctype html>/gi, /<html\b/g, /<\/html>/g, /<head>/g, /<\/head>/g, /<body>/g, /<\/body>/g, /id="root"/g, /<title>/g]) {
    expect(html.match(tag)?.length, `${path}: ${String(tag)}`).toBe(1);
  }
  expect(html.trimEnd().endsWith('</html>'), path).toBe(true);
  return html;
}

function dataBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  expect(match, id).not.toBeNull();
  return JSON.parse(match![1]!);
}

describe("members' text holding replacement patterns", () => {
  it.each(['/events', '/events/:id', '/events/:id/connect'])('%s is one page whose data is the API answer', async (template) => {
    const html = await onePage(
      template.replace(':id', () => eventId),
      `sid=${me.client.sid}`,
    );
    const answers = dataBlock(html, FIRST_SCREEN_DATA_ID) as FirstScreenAnswer[];
    expect(answers.length).toBeGreaterThan(1);
    const text = JSON.stringify(answers);
    // The patterns arrived as written, in the page's own data.
    expect(text).toContain(PATTERNS);
    for (const answer of answers) expect(answer.body, answer.path).toEqual((await me.client.get(`/api/${answer.path}`)).body);
  });

  it('the promotional page is one page whose data and tags are the API answer', async () => {
    const html = await onePage('/week/patterns-week');
    expect(dataBlock(html, PROMOTION_DATA_ID)).toEqual((await t.client({}, app).get('/api/promotions/patterns-week')).body);
    expect(html).toContain(`<title>Week ${escapeHtml(PATTERNS)} · Mingle</title>`);
    expect(html).toContain(`<meta property="og:title" content="Week ${escapeHtml(PATTERNS)}">`);
  });
});
