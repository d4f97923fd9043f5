import { test } from '@playwright/test';
import { newMember, signUpThroughApi } from '../support/journeys';

for (const [w, h] of [
  [360, 640],
  [390, 844],
] as const) {
  test(`look ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await signUpThroughApi(page, newMember('look'));
    await page.goto('/events?tab=find');
    await page.getByText(/^Showing/).waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/look-events-${w}.png` });
    await page.screenshot({ path: `/tmp/look-events-full-${w}.png`, fullPage: true });
  });
}
