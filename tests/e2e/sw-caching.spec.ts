import { expect, test, type Page } from '@playwright/test';
import type { EventListItem } from '../../contract/events';
import { DEMO_EMAIL, DEMO_FLAGSHIP_EVENT_IDS } from '../../server/db/seed/constants';
import { acceptCookies, enterCode, expectSignedInShell, openWelcome, requestLoginCode } from '../support/journeys';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * The service worker's own caches, checked directly (the page also keeps a copy of its queries in
 * localStorage; this test proves the worker's cache works without it): API answers NetworkFirst in
 * mingle-api-v1, photos CacheFirst in mingle-images-v1, and the API cache emptied at sign-in and
 * logout. The demo member is registered at the flagship events, which all have a cover.
 */

const API_CACHE = 'mingle-api-v1';
const IMAGE_CACHE = 'mingle-images-v1';
const EVENT_ID = DEMO_FLAGSHIP_EVENT_IDS.summit;

/** Path and query of every request stored in a cache of the worker's (none when it does not exist). */
function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const requests = await (await caches.open(name)).keys();
    return requests.map((request) => {
      const url = new URL(request.url);
      return `${url.pathname}${url.search}`;
    });
  }, cacheName);
}

/** What a fetch from the page gets: the status and body, or 'network error'. */
function pageFetch(page: Page, path: string): Promise<{ status: number; body: unknown } | 'network error'> {
  return page.evaluate(
    (url) =>
      fetch(url).then(
        async (res) => ({ status: res.status, body: (await res.json()) as unknown }),
        () => 'network error' as const,
      ),
    path,
  );
}

test('the worker answers API reads and photos offline, and forgets the member at logout', async ({ page, context }) => {
  await openWelcome(page);
  await waitForServiceWorkerControl(page);

  // Left behind by someone who used this browser before: a sign-in must not let the new member see it.
  await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    await cache.put('/api/users/connections', Response.json([{ id: 'someone-else' }]));
  }, API_CACHE);

  const code = await requestLoginCode(page, DEMO_EMAIL);
  expect(await enterCode(page, code, 'login')).toBe(200);
  await expectSignedInShell(page);
  expect(await cachedPaths(page, API_CACHE)).not.toContain('/api/users/connections');

  // What the member sees online: the events list, then an event with its cover.
  const event = (await (await page.request.get(`/api/events/${EVENT_ID}`)).json()) as EventListItem;
  const { name, imageUrl } = event.eventData!;
  expect(imageUrl, 'the flagship events have a cover').toBeTruthy();
  const coverPath = new URL(imageUrl!, page.url()).pathname;

  await page.goto('/events');
  await expect(page.getByRole('region', { name: 'All Events' }).getByRole('article').first()).toBeVisible();
  await page.goto(`/events/${EVENT_ID}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const cover = page.locator('img.event-cover-img');
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await context.setOffline(true);
  try {
    // The worker stores an answer just after handing it to the page.
    await expect.poll(() => cachedPaths(page, API_CACHE)).toEqual(
      expect.arrayContaining(['/api/users/me', `/api/events/${EVENT_ID}`, expect.stringMatching(/^\/api\/events\?/)]),
    );
    await expect.poll(() => cachedPaths(page, IMAGE_CACHE)).toContain(coverPath);

    // The API answers offline, from the worker's cache.
    const me = await pageFetch(page, '/api/users/me');
    expect(me).toMatchObject({ status: 200, body: { email: DEMO_EMAIL } });
    expect(await pageFetch(page, `/api/events/${EVENT_ID}`)).toMatchObject({ status: 200, body: { id: EVENT_ID } });
    // Calls the worker does not cache still fail offline.
    expect(await pageFetch(page, '/api/users/consents')).toBe('network error');

    // With the page's own copy of its queries gone (cleared as the document starts, so no late
    // write of the page can bring it back), the reloaded page can only be built from the worker's.
    await page.addInitScript(() => localStorage.clear());
    await page.reload();
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  } finally {
    await context.setOffline(false);
  }

  await page.getByRole('navigation').first().getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  const left = await cachedPaths(page, API_CACHE);
  expect(left).not.toContain('/api/users/me');
  expect(left.filter((path) => path.startsWith('/api/events'))).toEqual([]);
  // Photos are not the member's: they stay for whoever signs in next.
  expect(await cachedPaths(page, IMAGE_CACHE)).toContain(coverPath);

  // And offline, nothing of the member is answered any more.
  await context.setOffline(true);
  try {
    expect(await pageFetch(page, '/api/users/me')).toBe('network error');
  } finally {
    await context.setOffline(false);
  }
});
