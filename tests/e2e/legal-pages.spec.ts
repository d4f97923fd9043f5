import { expect, test } from '@playwright/test';
import { test as memberTest } from '../support/api-session';
import { acceptConsent, consentDialog, enterCode, newMember, openWelcome, requestSignupCode } from '../support/journeys';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * The Terms of Service and the Privacy Policy: real pages, public, linked from the
 * welcome screen, the sign-up form and the consent dialog, and readable offline like every screen.
 */

test('signed out, both pages open from the welcome screen and the sign-up form', async ({ page }) => {
  await openWelcome(page);
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  // What is stored and who sees it, and who runs the service (the demo's labelled placeholder).
  await expect(page.getByRole('heading', { name: 'What we store on our server' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who sees what' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'On your device' })).toBeVisible();
  await expect(page.getByText('This is a demonstration installation.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('tab', { name: 'Sign up' }).click();
  const finePrint = page.getByText('Once your e-mail is confirmed');
  await finePrint.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Meeting people' })).toBeVisible();
});

test('the consent dialog links to both pages, and the member comes back to it to accept', async ({ page }) => {
  const member = newMember('legal-consent');
  await openWelcome(page);
  const code = await requestSignupCode(page, member);
  expect(await enterCode(page, code, 'signup')).toBeLessThan(300);

  const dialog = consentDialog(page);
  await dialog.getByRole('link', { name: 'Read the Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Read the Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();

  await acceptConsent(page);
  await expect(page).toHaveURL(/\/complete-profile$/);
});

memberTest('after one visit, the pages open with no network', async ({ members }) => {
  const member = await members.create({ tag: 'Legal offline' });
  const page = await member.context.newPage();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await waitForServiceWorkerControl(page);

  await member.context.setOffline(true);
  try {
    // From the profile's footer, and as a fresh navigation (the worker answers with the shell).
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  } finally {
    await member.context.setOffline(false);
  }
});
