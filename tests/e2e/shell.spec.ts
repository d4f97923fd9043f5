import { expect, test } from '@playwright/test';

test('the cookie banner stays until "Got it", and the choice is remembered', async ({ page }) => {
  await page.goto('/auth');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  // No navigation on the welcome page of a visitor.
  await expect(page.getByRole('link', { name: 'Feed' })).toHaveCount(0);

  await banner.getByRole('button', { name: 'Got it' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
