import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTION_DATA_ID, type Promotion } from '../../contract/promotions';
import { DAY, insertEvent, insertLocation, insertOrganizer, type InsertedEvent } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** The promotional page: GET api/promotions/{slug} and the page /week/{slug} with its meta tags. */

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Mingle</title>' +
  '<meta name="description" content="Meet the right people at professional events." />' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

let t: TestContext;
let dist: string;
let promoted: InsertedEvent;
const weekStart = new Date(Date.now() + 10 * DAY);
const at = (days: number) => new Date(weekStart.getTime() + days * DAY);

beforeAll(async () => {
  t = await createTestContext();
  // A built app of one page and a manifest naming the screen's chunk.
  dist = mkdtempSync(join(tmpdir(), 'mingle-promo-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true },
      'src/routes/week.tsx': { file: 'assets/week-123.js', imports: ['index.html'] },
    }),
  );

  const organizer = await insertOrganizer(t.db, 'Fjord Founders');
  const otherOrganizer = await insertOrganizer(t.db);
  const oslo = await insertLocation(t.db, { name: 'Oslo', country: 'NO' });
  promoted = await insertEvent(t.db, { name: 'Startup Festival', start: at(3), end: at(5), organizerId: organizer, locationId: oslo });
  await insertEvent(t.db, { name: 'Founders Breakfast', start: at(1), organizerId: organizer });
  await insertEvent(t.db, { name: 'Harbour Pitch Night', start: at(2), organizerId: otherOrganizer, locationId: oslo });
  // Not in the programme: PRO-only, a member's community event, another organizer elsewhere, or
  // outside the week.
  await insertEvent(t.db, { name: 'Investor Lounge', start: at(2), organizerId: organizer, isProOnly: true });
  await insertEvent(t.db, { name: 'Private Dinner', start: at(2), locationId: oslo, sourceType: 'USER_ADDED' });
  await insertEvent(t.db, { name: 'Unrelated Meetup', start: at(2), organizerId: otherOrganizer });
  await insertEvent(t.db, { name: 'Last Year Gathering', start: at(-30), organizerId: organizer });
  await t.db
    .insertInto('promotions')
    .values({
      slug: 'startup-week',
      event_id: promoted.id,
      title: 'Startup Week <Oslo>',
      description: 'A week of founders & builders.',
      image_url: null,
      starts_at: weekStart,
      ends_at: at(6),
    })
    .execute();
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET /api/promotions/{slug}', () => {
  it('answers the page data with the week programme, without the secret outside the join link', async () => {
    const res = await t.client().get('/api/promotions/startup-week');
    expect(res.status).toBe(200);
    const promotion = res.body as Promotion;
    expect(promotion.title).toBe('Startup Week <Oslo>');
    expect(promotion.startsAt).toBe(weekStart.toISOString());
    expect(promotion.imageUrl).toBe('/media/events/event-01.svg');
    expect(promotion.programme.map((item) => item.name)).toEqual(['Founders Breakfast', 'Harbour Pitch Night', 'Startup Festival']);
    expect(promotion.joinUrl).toBe(`/events/${promoted.id}/join/${promoted.joinSecret}/goal`);
    // Each entry links: the promoted event to its join page, the others to their pages.
    const hrefs = promotion.programme.map((item) => item.href);
    expect(hrefs[2]).toBe(promotion.joinUrl);
    for (const href of hrefs.slice(0, 2)) expect(href).toMatch(/^\/events\/[0-9a-f-]{36}$/);
    // The secret and the promoted event's id are nowhere but in its join link.
    const { joinUrl, ...rest } = promotion;
    expect(joinUrl).toContain(promoted.joinSecret);
    const elsewhere = JSON.stringify({ ...rest, programme: rest.programme.map((item) => (item.href === joinUrl ? { ...item, href: '' } : item)) });
    expect(elsewhere).not.toContain(promoted.joinSecret);
    expect(elsewhere).not.toContain(promoted.id);
  });

  it('answers 404 for an unknown or malformed slug', async () => {
    for (const slug of ['no-such-week', 'UPPER', 'a'.repeat(64), '%00x', 'bad_slug']) {
      const res = await t.client().get(`/api/promotions/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(res.body.error).toBe('Not found');
    }
  });
});

describe('GET /week/{slug}', () => {
  const page = (path: string) => t.client(undefined, t.makeApp({ DIST_DIR: dist, APP_ORIGIN: 'https://mingle.example' })).get(path);
  const metaContent = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];

  it('fills the title, description, Open Graph and Twitter tags', async () => {
    const res = await page('/week/startup-week');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = res.text;
    expect(html).toContain('<title>Startup Week &lt;Oslo&gt; · Mingle</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaContent(html, 'description')).toContain('A week of founders &amp; builders.');
    expect(metaContent(html, 'og:title')).toBe('Startup Week &lt;Oslo&gt;');
    expect(metaContent(html, 'og:image')).toBe('https://mingle.example/media/events/event-01.svg');
    expect(metaContent(html, 'og:url')).toBe('https://mingle.example/week/startup-week');
    // APP_ORIGIN, not whatever host the request names (a shared cache would keep a forged one).
    const forged = await t
      .client(
        { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' } },
        t.makeApp({ DIST_DIR: dist, APP_ORIGIN: 'https://mingle.example', TRUST_PROXY: 'true' }),
      )
      .get('/week/startup-week');
    expect(metaContent(forged.text, 'og:url')).toBe('https://mingle.example/week/startup-week');
    expect(forged.text).not.toContain('evil.example');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe('https://mingle.example/media/events/event-01.svg');
    // The screen's chunk comes beside the entry, not after it.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/week-123.js">');
  });

  it('embeds the page data, with the secret only in the join link, and no secret in visible text', async () => {
    const html = (await page('/week/startup-week')).text;
    const data = new RegExp(`<script type="application/json" id="${PROMOTION_DATA_ID}">(.*?)</script>`).exec(html)?.[1];
    expect(data).toBeDefined();
    const promotion = JSON.parse(data as string) as Promotion;
    expect(promotion.joinUrl).toBe(`/events/${promoted.id}/join/${promoted.joinSecret}/goal`);
    // No raw < in the data block: nothing in it can end the element.
    expect(data).not.toMatch(/</);
    // Outside the data block (which the browser never displays) the secret appears nowhere.
    expect(html.replace(data as string, '')).not.toContain(promoted.joinSecret);
    expect(html.replace(data as string, '')).not.toContain(promoted.id);
  });

  it('answers 404 with the app page for an unknown slug, without promotion tags', async () => {
    const res = await page('/week/no-such-week');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<div id="root">');
    expect(res.text).toContain('<title>Page not found · Mingle</title>');
    expect(res.text).not.toContain('og:title');
    expect(res.text).not.toContain(PROMOTION_DATA_ID);
  });

  it('leaves the page to the static app while the app is not built', async () => {
    const res = await t.client().get('/week/startup-week');
    expect(res.status).toBe(503);
  });
});
