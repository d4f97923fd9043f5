import { expect, type Page } from '@playwright/test';
import { test } from '../support/api-session';
import { seriousViolationsInBothSchemes } from '../support/axe';
import { acceptCookieBanner } from '../support/meet-page';

/**
 * AI recommendations on the events list (the embedded default: our own recommender): a
 * member opts in and sees three picks with a match score and a reason, a free member's 'Load more'
 * offers PRO, turning AI off removes the picks and says so. A PRO member's batch 2 is in
 * payments.spec.ts, right after the upgrade that unlocks it.
 */

function block(page: Page) {
  return page.getByRole('region', { name: 'AI recommendations' });
}

test('opt in, three picks with scores and reasons, load more offers PRO, turning AI off removes them', async ({ members }) => {
  const ada = await members.create({ tag: 'Picks', firstName: 'Ada' });
  const page = await ada.context.newPage();
  // A small phone: the block and its cards fit the screen.
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/events');
  await acceptCookieBanner(page);

  const recommendations = block(page);
  // The block's code loads once the list's first screen is done (after-first-screen.ts).
  await recommendations.getByRole('button', { name: 'Enable AI recommendations' }).click({ timeout: 15_000 });
  await expect(recommendations.getByRole('switch', { name: 'AI enabled' })).toHaveAttribute('aria-checked', 'true');
  const cards = recommendations.getByRole('listitem');
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) {
    await expect(card.getByText(/^\d{1,3}% match$/)).toBeVisible();
    // The reason: the signals that fired, one line (server/services/recommendations/motivation.ts).
    await expect(card.locator('.recommendation-why')).not.toBeEmpty();
  }

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolationsInBothSchemes(page, 'section.recommendations')).toEqual([]);

  await recommendations.getByRole('button', { name: 'Load more recommendations' }).click();
  const upsell = page.getByRole('dialog', { name: 'Unlock more recommendations' });
  await expect(upsell).toBeVisible();
  await upsell.getByRole('button', { name: 'Not now' }).click();
  await expect(upsell).toBeHidden();

  // The first pick opens its event.
  const name = (await cards.first().locator('.recommendation-name').textContent()) ?? '';
  await cards.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.goBack();

  await block(page).getByRole('switch', { name: 'AI enabled' }).click();
  await expect(block(page).getByRole('switch', { name: 'AI disabled' })).toHaveAttribute('aria-checked', 'false');
  await expect(block(page).getByText(/AI recommendations are turned off/)).toBeVisible();
  await expect(block(page).getByRole('listitem')).toHaveCount(0);
  // Gone from the server's answer too, not only from the screen.
  expect((await ada.api.get('/api/ai-recommendations/top-3')).status()).toBe(403);
  await page.reload();
  await expect(block(page).getByRole('switch', { name: 'AI disabled' })).toBeVisible({ timeout: 15_000 });
  await expect(block(page).getByRole('listitem')).toHaveCount(0);
});
