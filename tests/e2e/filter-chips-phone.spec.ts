import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../support/api-session';
import { acceptCookieBanner } from '../support/meet-page';

/**
 * The filter panel on a 360 px phone, against the demo data: chips wrap inside the panel (none is
 * cut at its edge), a long group shows a few chips and 'Show all', and the counts are faceted: a
 * location's count with a category chosen is exactly what choosing that location then lists.
 */

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const SHOWING = /^Showing (\d+) of (\d+) events$/;
const CHIP_NAME = /^(.*) \((\d+) events?\)$/;

async function listedTotal(page: Page): Promise<number> {
  const line = page.getByText(SHOWING);
  await expect(line).toBeVisible();
  return Number(SHOWING.exec((await line.textContent()) ?? '')?.[2]);
}

/** Every shown chip of the group lies wholly inside the panel, and its row does not scroll sideways. */
async function expectChipsInside(panel: Locator, group: Locator): Promise<number> {
  const box = (await panel.boundingBox())!;
  const chips = group.getByRole('button', { name: CHIP_NAME });
  let shown = 0;
  for (const chip of await chips.all()) {
    if (!(await chip.isVisible())) continue;
    shown++;
    const chipBox = (await chip.boundingBox())!;
    const label = (await chip.textContent()) ?? '';
    expect(chipBox.x, label).toBeGreaterThanOrEqual(box.x);
    expect(chipBox.x + chipBox.width, label).toBeLessThanOrEqual(box.x + box.width);
  }
  const overflow = await group.locator('.facet-chips').evaluate((list) => list.scrollWidth - list.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  return shown;
}

test('chips wrap inside the panel on a 360 px phone, with Show all for long groups, and counts are faceted', async ({ members }) => {
  const member = await members.create({ tag: 'Chips phone' });
  const page = await member.context.newPage();
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/events');
  await acceptCookieBanner(page);
  const unfiltered = await listedTotal(page);
  await page.getByRole('button', { name: /^Filter/ }).click();
  const panel = page.locator('.filter-panel');
  const categories = page.getByRole('group', { name: 'Categories' });
  const locations = page.getByRole('group', { name: 'Locations' });
  await expect(categories.getByRole('button', { name: CHIP_NAME }).first()).toBeVisible();
  await expect(locations.getByRole('button', { name: CHIP_NAME }).first()).toBeVisible();
  // Not wider than the phone: nothing of the page scrolls sideways either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The demo has 14 categories: six show, and 'Show all' shows the others, all inside the panel.
  const showAll = categories.getByRole('button', { name: /^Show all \d+ categories$/ });
  await expect(showAll).toHaveAttribute('aria-expanded', 'false');
  const total = Number(/\d+/.exec((await showAll.textContent()) ?? '')?.[0]);
  expect(total).toBeGreaterThan(6);
  expect(await expectChipsInside(panel, categories)).toBe(6);
  await showAll.click();
  await expect(categories.getByRole('button', { name: 'Show fewer categories' })).toHaveAttribute('aria-expanded', 'true');
  expect(await expectChipsInside(panel, categories)).toBe(total);
  await expectChipsInside(panel, page.getByRole('group', { name: 'Event Types' }));
  await expectChipsInside(panel, locations);

  // Faceted counts: with Design chosen, a location's chip counts the Design events there.
  await categories.getByRole('button', { name: /^Design \(/ }).click();
  await expect(page).toHaveURL(/categories=/);
  await expect.poll(() => listedTotal(page)).toBeLessThan(unfiltered);
  const designOnly = await listedTotal(page);
  const firstLocation = locations.getByRole('button', { name: CHIP_NAME }).first();
  // The location counts now add up to at most the Design events (an event has one location).
  await expect
    .poll(async () => {
      const names = await locations.getByRole('button', { name: CHIP_NAME }).evaluateAll((chips) => chips.map((chip) => chip.getAttribute('aria-label') ?? ''));
      return names.reduce((sum, name) => sum + Number(/\((\d+) events?\)$/.exec(name)?.[1] ?? 0), 0);
    })
    .toBeLessThanOrEqual(designOnly);
  const [, place, count] = CHIP_NAME.exec((await firstLocation.getAttribute('aria-label')) ?? '') ?? [];
  await firstLocation.click();
  await expect(locations.getByRole('button', { name: new RegExp(`^${place} \\(`) })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => listedTotal(page)).toBe(Number(count));
});
