import { expect, type Page } from '@playwright/test';
import type { EventListItem } from '../../contract/events';
import { test } from '../support/api-session';
import { acceptCookieBanner } from '../support/meet-page';

/**
 * Payments against the local test checkout that `npm start` runs without a Stripe account: a free
 * member upgrades with 4242, opens a PRO-only event, loads a second batch of AI recommendations,
 * cancels in the portal (CANCELED with the days left), reactivates ('Subscription Reactivated!'),
 * and a failing payment shows PAST DUE until it is paid in the portal.
 */

async function backFromPortal(page: Page, button: string): Promise<void> {
  await expect(page.getByText('Test mode: no card is charged')).toBeVisible();
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('link', { name: 'Return to Mingle' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

test('upgrade with 4242 to PRO, cancel, reactivate, and a failed payment', async ({ members }) => {
  test.setTimeout(120_000);
  const ada = await members.create({ tag: 'Payer', firstName: 'Ada' });
  const list = (await (await ada.api.get('/api/events?nonPassed=true&limit=50')).json()) as { events: EventListItem[] };
  const locked = list.events.find((item) => item.isProOnly && !item.eventData);
  expect(locked, 'the demo data has a PRO-only event').toBeDefined();

  const page = await ada.context.newPage();
  await page.goto(`/events/${locked!.id}`);
  await acceptCookieBanner(page);
  await expect(page.getByText('Only accessible to pro users.')).toBeVisible();

  await page.goto('/events');
  await expect(page.getByText('Unlock Premium events')).toBeVisible();
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Upgrade to PRO' }).click();
  await expect(page.getByText('Test mode: no card is charged')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to PRO!' })).toBeVisible();
  await expect(page.getByText('Your subscription is active. Every PRO feature is unlocked.')).toBeVisible();

  await page.goto(`/events/${locked!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Only accessible to pro users.')).toHaveCount(0);
  // The ad-free experience: no upgrade banner for PRO.
  await page.getByRole('link', { name: 'Events' }).first().click();
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await expect(page.getByText('Unlock Premium events')).toHaveCount(0);
  // Extra AI recommendation batches come with PRO: 'Load more' now brings batch 2, not the upgrade offer.
  expect((await ada.api.put('/api/ai-recommendations/consent', { data: { consent: true } })).status()).toBe(200);
  await page.reload();
  const picks = page.getByRole('region', { name: 'AI recommendations' });
  await picks.getByRole('button', { name: 'Load more recommendations' }).click({ timeout: 15_000 });
  await expect(picks.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('dialog', { name: 'Unlock more recommendations' })).toHaveCount(0);

  // Cancel in the portal: PRO stays until the period's end, with the days left.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await backFromPortal(page, 'Cancel subscription');
  await expect(page.getByText('Subscription Updated')).toBeVisible();
  await expect(page.getByText('CANCELED', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Your subscription ends in (30|31) days\. Reactivate now to keep your premium features\.$/)).toBeVisible();

  // The date it ends, and 'Reactivate now' in one step: no portal, the card runs on at once.
  await expect(page.getByText(/^PRO until [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate now' }).click();
  await expect(page.getByText('Subscription Reactivated!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('PRO', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Next billing: /)).toBeVisible();

  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await backFromPortal(page, 'Fail the next payment');
  await expect(page.getByText('PAST DUE', { exact: true })).toBeVisible();
  await expect(page.getByText('Your payment failed. Please update your payment method.')).toBeVisible();

  // Fixing it in the portal brings PRO back.
  await page.getByRole('button', { name: 'Update Payment' }).click();
  await backFromPortal(page, 'Pay the open invoice');
  await expect(page.getByText('PRO', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Next billing: /)).toBeVisible();
  await expect(page.getByText('PAST DUE', { exact: true })).toHaveCount(0);
});
