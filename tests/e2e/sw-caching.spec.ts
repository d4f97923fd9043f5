import { expect, type Page } from '@playwright/test';
import type { EventListItem } from '../../contract/events';
import { test } from '../support/api-session';
import { acceptCookies, enterCode, expectSignedInShell, openWelcome, requestLoginCode } from '../support/journeys';
import { createEvent, nameSuffix } from '../support/own-events';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * The service worker's own caches, checked directly (the page also keeps a copy of its queries in
 * localStorage; this test proves the worker's cache works without it): API answers NetworkFirst in
 * mingle-api-v1, photos CacheFirst in mingle-images-v1, and the API cache emptied at sign-in and
 * logout. The member is made through the API and signs in here through the UI; their own community
 * event has a cover (the server's default image for community events).
 */

const API_CACHE = 'mingle-api-v1';
const IMAGE_CACHE = 'mingle-images-v1';

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

test('the worker answers API reads and photos offline, and forgets the member at logout', async ({ page, context, members }) => {
  // A member registered at an event of their own, as the demo member is at the flagship events.
  const member = await members.create({ tag: 'Worker cache' });
  const eventId = (await createEvent(member, `E2E worker cache ${nameSuffix()}`)).id;

  await openWelcome(page);
  await waitForServiceWorkerControl(page);

  // Left behind by someone who used this browser before: a sign-in must not let the new member see it.
  await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    await cache.put('/api/users/connections', Response.json([{ id: 'someone-else' }]));
  }, API_CACHE);

  const code = await requestLoginCode(page, member.email);
  expect(await enterCode(page, code, 'login')).toBe(200);
  await expectSignedInShell(page);
  expect(await cachedPaths(page, API_CACHE)).not.toContain('/api/users/connections');

  // What the member sees online: the events list, then an event with its cover.
  const event = (await (await page.request.get(`/api/events/${eventId}`)).json()) as EventListItem;
  const { name, imageUrl } = event.eventData!;
  expect(imageUrl, 'a community event has a cover').toBeTruthy();
  const coverPath = new URL(imageUrl!, page.url()).pathname;

  await page.goto('/events');
  await expect(page.getByRole('region', { name: 'All Events' }).getByRole('article').first()).toBeVisible();
  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const cover = page.locator('img.event-cover-img');
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await context.setOffline(true);
  try {
    // The worker stores an answer just after handing it to the page.
    await expect
      .poll(() => cachedPaths(page, API_CACHE))
      .toEqual(expect.arrayContaining(['/api/users/me', `/api/events/${eventId}`, expect.stringMatching(/^\/api\/events\?/)]));
    await expect.poll(() => cachedPaths(page, IMAGE_CACHE)).toContain(coverPath);

    // The API answers offline, from the worker's cache.
    const me = await pageFetch(page, '/api/users/me');
    expect(me).toMatchObject({ status: 200, body: { email: member.email } });
    expect(await pageFetch(page, `/api/events/${eventId}`)).toMatchObject({ status: 200, body: { id: eventId } });
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
