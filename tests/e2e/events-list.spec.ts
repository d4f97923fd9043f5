import { expect, test, type Locator, type Page } from '@playwright/test';
import { newMember, signUpThroughApi } from '../support/journeys';

/**
 * The events list against the real server with the demo data: filters and search in the URL, the
 * shared link, load more, the locked PRO-only card of a free member, and back/forward.
 * Every test signs up a member of its own (a free member with a complete profile), so no test
 * depends on another or on the demo account's sign-in code limit.
 */

const SHOWING = /^Showing (\d+) of (\d+) events$/;

async function showing(page: Page): Promise<{ shown: number; total: number }> {
  const line = page.getByText(SHOWING);
  await expect(line).toBeVisible();
  const [, shown, total] = SHOWING.exec((await line.textContent()) ?? '') ?? [];
  return { shown: Number(shown), total: Number(total) };
}

const allEvents = (page: Page) => page.getByRole('region', { name: 'All Events' });
/** The cards of 'All Events' (each an article named by its event, or the locked card). */
const cards = (page: Page) => allEvents(page).getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 3 }).allTextContents();
const activeFilters = (page: Page) => page.getByRole('region', { name: 'Active filters' });
const chip = (page: Page, group: 'Categories' | 'Event Types' | 'Locations', name: string): Locator =>
  page.getByRole('group', { name: group }).getByRole('button', { name: new RegExp(`^${name} \\(\\d+ events?\\)$`) });
const searchBox = (page: Page) => page.getByPlaceholder('Search by event name, description, or organizer...');
const query = (page: Page) => new URL(page.url()).searchParams;

async function openFilters(page: Page): Promise<void> {
  const toggle = allEvents(page).getByRole('button', { name: /^Filter/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(searchBox(page)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signUpThroughApi(page, newMember('events'));
  await showing(page);
});

test('filters and search update the URL and the list', async ({ page }) => {
  const unfiltered = await showing(page);

  await openFilters(page);
  const ai = chip(page, 'Categories', 'AI & Machine Learning');
  await ai.click();
  await expect(ai).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => query(page).get('categories')).toMatch(/^[0-9a-f-]{36}$/);
  await expect(activeFilters(page).getByText('AI & Machine Learning')).toBeVisible();
  await expect.poll(async () => (await showing(page)).total).toBeLessThan(unfiltered.total);

  // The search (name, description, organizer) is sent 300 ms after typing stops, and joins the
  // category in the URL.
  const withCategory = await showing(page);
  await searchBox(page).fill('Nordic Tech Summit');
  await expect.poll(() => query(page).get('search')).toBe('Nordic Tech Summit');
  expect(query(page).get('categories')).not.toBeNull();
  await expect.poll(async () => (await showing(page)).total).toBeLessThan(withCategory.total);
  expect(await cardTitles(page)).toContainEqual(expect.stringMatching(/^Nordic Tech Summit \d{4}$/));

  // Clear empties the URL and the list is whole again.
  await activeFilters(page).getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('Filters cleared')).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await expect(searchBox(page)).toHaveValue('');
  await expect.poll(async () => (await showing(page)).total).toBe(unfiltered.total);
});

test('the shared link reproduces the filtered view in a new page', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openFilters(page);
  const unfiltered = await showing(page);
  await chip(page, 'Event Types', 'Conference').click();
  await expect.poll(() => query(page).get('eventTypes')).not.toBeNull();
  // The URL changes before the filtered answer arrives (the list keeps the last one meanwhile).
  await expect.poll(async () => (await showing(page)).total).toBeLessThan(unfiltered.total);
  const filtered = await showing(page);
  expect(filtered.total).toBeGreaterThan(10);

  // Two pages: the link carries page=2 and opens with both.
  await allEvents(page).getByRole('button', { name: 'Load more events' }).click();
  await expect.poll(async () => (await showing(page)).shown).toBe(Math.min(20, filtered.total));
  const titles = await cardTitles(page);

  await activeFilters(page).getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied!')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(page.url());
  expect(new URL(link).searchParams.get('page')).toBe('2');

  const other = await context.newPage();
  await other.goto(link);
  // The cached first page may show at once; the second follows from the link's page=2.
  await expect.poll(() => showing(other)).toEqual({ shown: Math.min(20, filtered.total), total: filtered.total });
  expect(await cardTitles(other)).toEqual(titles);
  await expect(activeFilters(other).getByText('Conference')).toBeVisible();
  await openFilters(other);
  await expect(chip(other, 'Event Types', 'Conference')).toHaveAttribute('aria-pressed', 'true');
});

test("'Load more events' shows the next page and 'Showing X of Y events' follows", async ({ page }) => {
  const first = await showing(page);
  expect(first.shown).toBe(10);
  expect(first.total).toBeGreaterThan(20);
  await expect(cards(page)).toHaveCount(10);

  const more = allEvents(page).getByRole('button', { name: 'Load more events' });
  await more.click();
  await expect(page.getByText(`Showing 20 of ${first.total} events`)).toBeVisible();
  await expect(cards(page)).toHaveCount(20);
  expect(query(page).get('page')).toBe('2');

  await more.click();
  await expect(page.getByText(`Showing 30 of ${first.total} events`)).toBeVisible();
  // Pages are appended: no event twice.
  const links = await allEvents(page)
    .locator('a.event-link')
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(new Set(links).size).toBe(links.length);

  // A reload keeps the three pages (page=3 in the URL).
  await page.reload();
  await expect(page.getByText(`Showing 30 of ${first.total} events`)).toBeVisible();
});

test('a free member sees a PRO-only event only as the locked card', async ({ page }) => {
  // Names with 'Festival' sort first and the demo data has PRO-only festivals; load more until one shows.
  const locked = allEvents(page).getByRole('article', { name: 'This event is for Pro users only' }).first();
  for (let i = 0; i < 5 && !(await locked.isVisible()); i++) {
    const { shown } = await showing(page);
    await allEvents(page).getByRole('button', { name: 'Load more events' }).click();
    await expect.poll(async () => (await showing(page)).shown).toBeGreaterThan(shown);
  }
  await expect(locked).toBeVisible();
  await expect(locked.getByText('PRO', { exact: true })).toBeVisible();
  await expect(
    locked.getByText('Upgrade your account to view full event details, connect with attendees, and unlock premium networking features.'),
  ).toBeVisible();
  // Nothing of the event itself: its one link is the title, to the preview's page; no Network button.
  await expect(locked.getByRole('link')).toHaveCount(1);
  await expect(locked.getByText('Network', { exact: true })).toHaveCount(0);

  // The banner for members without PRO is there too.
  await expect(page.getByText('Unlock Premium events')).toBeVisible();

  await locked.getByRole('link', { name: 'This event is for Pro users only' }).click();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Only accessible to pro users.' })).toBeVisible();
  await page.goBack();

  await locked.getByRole('button', { name: 'Upgrade to Mingle Pro' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('back and forward restore the filters', async ({ page }) => {
  const unfiltered = await showing(page);
  await openFilters(page);

  await chip(page, 'Categories', 'AI & Machine Learning').click();
  await expect.poll(() => query(page).get('categories')).not.toBeNull();
  await expect.poll(async () => (await showing(page)).total).toBeLessThan(unfiltered.total);
  const withCategory = await showing(page);

  await chip(page, 'Event Types', 'Conference').click();
  await expect.poll(() => query(page).get('eventTypes')).not.toBeNull();
  await expect.poll(async () => (await showing(page)).total).toBeLessThanOrEqual(withCategory.total);

  await page.goBack();
  await expect.poll(() => query(page).get('eventTypes')).toBeNull();
  expect(query(page).get('categories')).not.toBeNull();
  await expect(chip(page, 'Event Types', 'Conference')).toHaveAttribute('aria-pressed', 'false');
  await expect(chip(page, 'Categories', 'AI & Machine Learning')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await showing(page)).total).toBe(withCategory.total);

  await page.goBack();
  await expect.poll(() => query(page).get('categories')).toBeNull();
  await expect(activeFilters(page)).toHaveCount(0);
  await expect.poll(async () => (await showing(page)).total).toBe(unfiltered.total);

  await page.goForward();
  await expect.poll(() => query(page).get('categories')).not.toBeNull();
  await expect(activeFilters(page).getByText('AI & Machine Learning')).toBeVisible();
  await expect.poll(async () => (await showing(page)).total).toBe(withCategory.total);
});

test("a card's date and place sit beside their icons, on one line each, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/events?tab=find');
  const card = cards(page)
    .filter({ has: page.getByRole('link') })
    .first();
  await expect(card).toBeVisible();
  // The calendar and the pin are drawn in the middle of their line's text, not on a line above it.
  const offsets = await card.locator('p').evaluateAll((rows) =>
    rows
      .filter((row) => row.querySelector(':scope > svg') && row.querySelector(':scope > span'))
      .map((row) => {
        const icon = row.querySelector(':scope > svg')!.getBoundingClientRect();
        const text = row.querySelector(':scope > span')!.getBoundingClientRect();
        return { beside: icon.right <= text.left, middles: Math.abs(icon.top + icon.height / 2 - (text.top + text.height / 2)) };
      }),
  );
  expect(offsets.length).toBeGreaterThanOrEqual(2);
  for (const row of offsets) {
    expect(row.beside).toBe(true);
    expect(row.middles).toBeLessThan(4);
  }
});
