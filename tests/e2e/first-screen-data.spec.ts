import { expect, type Page } from '@playwright/test';
import { DEMO_FLAGSHIP_EVENT_IDS } from '../../server/db/seed/constants';
import { deckOf, joinEvent, test } from '../support/api-session';
import { acceptCookieBanner, expectTopCard } from '../support/meet-page';

/**
 * A first visit (no service worker yet) of an event, its Meet page and the events list asks the
 * network for none of the reads the server embedded in the page (contract/first-screen.ts), and
 * the page announces the screen's code and its largest picture. This is what notices when the
 * app's fetchers and the embedded paths drift apart.
 */

const SUMMIT = DEMO_FLAGSHIP_EVENT_IDS.summit;

/** The API paths the page asks the network for while it opens `path`, and the page's own HTML. */
async function open(page: Page, path: string, ready: () => Promise<void>): Promise<{ asked: string[]; html: string }> {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname.slice(5)}${url.search}`);
  });
  const response = await page.goto(path);
  await ready();
  return { asked, html: (await response?.text()) ?? '' };
}

test("an event's page opens with its answers embedded: no request for the member, the event or its connections who attend", async ({ members }) => {
  const member = await members.create({ tag: 'First screen detail' });
  const page = await member.context.newPage();
  const { asked, html } = await open(page, `/events/${SUMMIT}`, async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('event-about')).toBeVisible();
  });
  for (const read of ['users/me', `events/${SUMMIT}`, `events/${SUMMIT}/attendees/my-connections`]) {
    expect(asked, read).not.toContain(read);
  }
  // The member's connections who attend (not registered: 'People you might know') came with the page.
  await expect(page.getByRole('region', { name: 'People you might know' })).toBeVisible();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/event-detail-[\w-]+\.js">/);
  expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="\/media\/events\/[\w-]+\.svg">/);
  // The preloaded picture is the cover the page shows.
  const cover = await page.locator('img.event-cover-img').getAttribute('src');
  expect(html).toContain(`as="image" fetchpriority="high" href="${cover}"`);
});

test('the Meet page opens with the deck, the interactions and the connections embedded', async ({ members }) => {
  const member = await members.create({ tag: 'First screen deck' });
  await joinEvent(member, SUMMIT);
  const page = await member.context.newPage();
  const { asked, html } = await open(page, `/events/${SUMMIT}/connect`, async () => {
    await acceptCookieBanner(page);
    await expect(page.getByRole('button', { name: 'Connect' })).toBeEnabled();
  });
  for (const read of ['users/me', `events/${SUMMIT}`, `events/${SUMMIT}/attendees?limit=200`, `users/interactions/${SUMMIT}`, 'users/connections']) {
    expect(asked, read).not.toContain(read);
  }
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/event-connect-[\w-]+\.js">/);
  // The deck shows its first candidate on top, and the first two candidates' photos (those who
  // have one: other tests add members without) are the pictures announced.
  const deck = await deckOf(member, SUMMIT);
  await expectTopCard(page, `${deck[0]!.firstName} ${deck[0]!.lastName}`);
  const announced = [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g)].map((m) => m[1]);
  expect(announced).toEqual(deck.slice(0, 2).flatMap((candidate) => (candidate.imageUrl ? [candidate.imageUrl] : [])));
});

test('the events list opens with both lists embedded; a filtered view asks for its own', async ({ members }) => {
  const member = await members.create({ tag: 'First screen list' });
  const page = await member.context.newPage();
  const first = await open(page, '/events?tab=find', async () => {
    await expect(page.getByText(/^Showing \d+ of \d+ events$/)).toBeVisible();
  });
  expect(first.asked.filter((path) => path === 'users/me' || path.startsWith('events?') || path.startsWith('events/my-events'))).toEqual([]);

  const filtered = await member.context.newPage();
  const second = await open(filtered, '/events?search=design', async () => {
    await expect(filtered.getByText(/^Showing \d+ of \d+ events$/)).toBeVisible();
  });
  expect(second.asked.some((path) => path.startsWith('events?') && path.includes('search=design'))).toBe(true);
});
