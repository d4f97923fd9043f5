import { expect, type Page } from '@playwright/test';
import { adaAndBeaAtOwnEvent, deckOf, joinEvent, test } from '../support/api-session';
import { acceptCookieBanner, expectTopCard } from '../support/meet-page';
import { askByApi, quarterHours } from '../support/meetings';
import { connectThroughShare, ownEvent } from '../support/own-events';

/**
 * A first visit (no service worker yet) of an event, its Meet page, the events list, the
 * connections, the feed, the profile and the meetings asks the network for none of the reads the server embedded in the page (contract/first-screen.ts), and
 * the page announces the screen's code and its largest picture. This is what notices when the
 * app's fetchers and the embedded paths drift apart.
 */

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
  // A community event (cover and description are the server's own) of the member's connection, so
  // the member sees it without being registered at it, with the host among 'People you might know'.
  const { host, event } = await ownEvent(members, 'First screen detail');
  const member = await members.create({ tag: 'First screen detail' });
  await connectThroughShare(host, member);
  const page = await member.context.newPage();
  const { asked, html } = await open(page, `/events/${event.id}`, async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('event-about')).toBeVisible();
  });
  for (const read of ['users/me', `events/${event.id}`, `events/${event.id}/attendees/my-connections`]) {
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
  // Three attendees with photos, as the demo summit's have: the top two photos are announced.
  const { event } = await ownEvent(members, 'First screen deck', { guests: ['Ivar', 'Juno'], fullCards: true });
  const member = await members.create({ tag: 'First screen deck' });
  await joinEvent(member, event.id, { secret: event.joinSecret });
  const page = await member.context.newPage();
  const { asked, html } = await open(page, `/events/${event.id}/connect`, async () => {
    await acceptCookieBanner(page);
    await expect(page.getByRole('button', { name: 'Connect' })).toBeEnabled();
  });
  for (const read of ['users/me', `events/${event.id}`, `events/${event.id}/attendees?limit=200`, `users/interactions/${event.id}`, 'users/connections']) {
    expect(asked, read).not.toContain(read);
  }
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/event-connect-[\w-]+\.js">/);
  // The deck shows its first candidate on top, and the first two candidates' photos are the
  // pictures announced.
  const deck = await deckOf(member, event.id);
  await expectTopCard(page, `${deck[0]!.firstName} ${deck[0]!.lastName}`);
  const announced = [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g)].map((m) => m[1]);
  expect(
    deck.slice(0, 2).every((candidate) => candidate.imageUrl),
    'the first two candidates have photos',
  ).toBe(true);
  expect(announced).toEqual(deck.slice(0, 2).map((candidate) => candidate.imageUrl));
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

test("the connections list, the feed, the profile, a connection's page, the assistant and the plans open with their first answers embedded", async ({
  members,
}) => {
  // The member's own community event: Your Events lists it and the host is a connection.
  const { host, event, name } = await ownEvent(members, 'First screen lists');
  const member = await members.create({ tag: 'First screen lists' });
  await connectThroughShare(host, member);
  await joinEvent(member, event.id, { secret: event.joinSecret });

  // `alone`: the screen asks the network for nothing at all before it shows (a request made before
  // the largest paint delays it on a slow phone).
  const screens: Array<{ path: string; reads: string[]; module: string; ready: (page: Page) => Promise<void>; alone?: true }> = [
    {
      path: '/connections',
      reads: ['users/me', 'users/connections'],
      module: 'connections',
      ready: (page) => expect(page.getByRole('link', { name: new RegExp(host.name) }).first()).toBeVisible(),
    },
    {
      path: '/feed',
      reads: ['users/me', 'feed?limit=20'],
      module: 'feed',
      ready: (page) => expect(page.getByRole('article', { name: host.name }).first()).toBeVisible(),
    },
    {
      path: '/profile',
      reads: ['users/me', 'events/my-events?includeAttendeeConnections=true'],
      module: 'profile',
      ready: (page) => expect(page.getByRole('region', { name: 'Your Events' }).getByText(name)).toBeVisible(),
    },
    {
      path: `/connections/${host.id}`,
      reads: ['users/me', `users/${host.id}/connection`],
      module: 'connection',
      ready: (page) => expect(page.getByRole('heading', { level: 1, name: host.name })).toBeVisible(),
      alone: true,
    },
    {
      path: '/assistant',
      reads: ['users/me', 'chat'],
      module: 'assistant',
      ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
    },
    {
      path: '/pricing',
      reads: ['users/me', 'stripe/plans', 'stripe/subscription'],
      module: 'pricing',
      ready: (page) => expect(page.getByRole('button', { name: 'Upgrade to PRO' })).toBeVisible(),
    },
  ];
  for (const screen of screens) {
    const page = await member.context.newPage();
    const { asked, html } = await open(page, screen.path, () => screen.ready(page));
    for (const read of screen.reads) expect(asked, `${screen.path}: ${read}`).not.toContain(read);
    if (screen.alone) expect(asked, `${screen.path} asked before it showed`).toEqual([]);
    expect(html).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${screen.module}-[\\w-]{8}\\.js">`));
    await page.close();
  }
});

test("the meetings at every event, an event's meetings and one meeting open with their answers embedded", async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'First screen meetings');
  const at = await quarterHours(ada, event.id);
  const asked = await askByApi(bea, ada, event.id, at(4));
  const screens: Array<{ path: string; reads: string[]; ready: (page: Page) => Promise<void> }> = [
    {
      path: '/meetings',
      reads: ['users/me', 'meetings'],
      ready: (page) => expect(page.getByRole('link', { name: new RegExp(bea.firstName) }).first()).toBeVisible(),
    },
    {
      path: `/events/${event.id}/meetings`,
      reads: ['users/me', `events/${event.id}`, `events/${event.id}/meetings`],
      ready: (page) => expect(page.getByRole('link', { name: new RegExp(bea.firstName) }).first()).toBeVisible(),
    },
    {
      path: `/meetings/${asked.id}`,
      reads: ['users/me', `meetings/${asked.id}`],
      ready: (page) => expect(page.getByRole('heading', { level: 1, name: `Meeting with ${bea.firstName}` })).toBeVisible(),
    },
  ];
  for (const screen of screens) {
    const page = await ada.context.newPage();
    const { asked: requested, html } = await open(page, screen.path, () => screen.ready(page));
    for (const read of screen.reads) expect(requested, `${screen.path}: ${read}`).not.toContain(read);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/meetings-[\w-]{8}\.js">/);
    await page.close();
  }
});

test('the conversations and a conversation open with their answers embedded', async ({ members }) => {
  const { ada, bea } = await adaAndBeaAtOwnEvent(members, 'First screen messages');
  await connectThroughShare(ada, bea);
  const id = crypto.randomUUID();
  const sent = await bea.api.put(`/api/conversations/${ada.id}/messages/${id}`, {
    data: { text: 'See you at the keynote' },
    headers: { 'Idempotency-Key': id },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  for (const [path, reads] of [
    ['/messages', ['users/me', 'conversations']],
    [`/messages/${bea.id}`, ['users/me', 'conversations', `conversations/${bea.id}/messages`]],
  ] as const) {
    const page = await ada.context.newPage();
    const { asked, html } = await open(page, path, () => expect(page.getByText('See you at the keynote')).toBeVisible());
    for (const read of reads) expect(asked, `${path}: ${read}`).not.toContain(read);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/messages-[\w-]{8}\.js">/);
    await page.close();
  }
});
