import { expect, test, type Page } from '@playwright/test';
import type { DeckPage } from '../../contract/attendees';
import type { EventListItem, EventListResponse } from '../../contract/events';
import { SANITIZER_PROBE_EVENT_IDS } from '../../server/db/seed/constants';
import { SCREEN_CODE_ID } from '../../contract/screen-code';
import { STORAGE_KEYS } from '../../src/lib/storage-keys';
import { newMember, signUpThroughApi } from '../support/journeys';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * The persisted query cache (docs/product.md section 10): a member who opened an event's Meet
 * Attendees page once online reloads the app with no network and still sees the event and the deck,
 * from the cache the app kept in localStorage; logging out removes that cache. This holds whether
 * or not the service worker caches API answers too: the worker is only needed for the shell here.
 */

/** A current or upcoming demo event with other attendees, joined by the member through the API. */
async function joinEventWithAttendees(page: Page): Promise<{ id: string; name: string }> {
  const list = (await (await page.request.get('/api/events?nonPassed=true&limit=50')).json()) as EventListResponse;
  const probes = new Set<string>(Object.values(SANITIZER_PROBE_EVENT_IDS));
  const candidates = list.events.flatMap((item: EventListItem) =>
    item.eventData && !item.eventData.isPast && !item.eventData.isRegistered && !probes.has(item.id) && item.eventData.attendeeCount >= 3
      ? [item.eventData]
      : [],
  );
  for (const event of candidates) {
    const joined = await page.request.post(`/api/events/${event.id}/join`, { data: { goal: '' } });
    if (joined.status() !== 201) continue;
    const deck = (await (await page.request.get(`/api/events/${event.id}/attendees?limit=1`)).json()) as DeckPage;
    if (deck.attendees.length > 0) return { id: event.id, name: event.name };
  }
  throw new Error('The demo data has no upcoming event with attendees a new member can join');
}

const persistedCache = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.queryCache);

test('after one online visit, the event and its deck open with no network from the persisted cache; logging out removes it', async ({ page, context }) => {
  await signUpThroughApi(page, newMember('offline-start'));
  const event = await joinEventWithAttendees(page);

  await page.goto(`/events/${event.id}/connect`);
  const topCard = page.getByRole('article');
  await expect(topCard).toBeVisible();
  const candidate = (await topCard.getByRole('heading').first().textContent())?.trim() ?? '';
  expect(candidate).not.toBe('');
  await waitForServiceWorkerControl(page);
  // What this test is about: the deck is in the cache kept in localStorage (not only in the worker's).
  await expect.poll(async () => (await persistedCache(page))?.includes(`["attendees","deck","${event.id}"]`) ?? false, { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Meet Attendees' })).toBeVisible();
    await expect(page.getByRole('article').getByRole('heading', { name: candidate })).toBeVisible();
    // The worker's shell announced the deck's code in its head (sw/screen-code.ts): every file of it
    // was asked for while the entry script was still on its way, not once it had run.
    const code = await page.evaluate((id) => {
      const block = JSON.parse(document.getElementById(id)?.textContent ?? '{}') as Record<string, string[]>;
      const entryRan = performance.getEntriesByName('mingle:shell-evaluated', 'mark')[0]?.startTime ?? 0;
      const files = block['src/routes/event-connect.tsx'] ?? [];
      const askedEarly = files.filter((file) => (performance.getEntriesByName(new URL(file, location.href).href)[0]?.startTime ?? Infinity) < entryRan);
      return { files, askedEarly };
    }, SCREEN_CODE_ID);
    expect(code.files.length).toBeGreaterThan(0);
    expect(code.askedEarly).toEqual(code.files);

    await page.getByRole('link', { name: 'Back to event' }).click();
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
    await expect(page.getByText("You're registered")).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Logged out successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await persistedCache(page)).toBeNull();

  // A fresh start after the logout finds nothing to restore, and writes nothing without a member.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
  expect(await persistedCache(page)).toBeNull();
});
