import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import type { AccountExport } from '../../contract/account';
import type { Consent } from '../../contract/consent';
import { test } from '../support/api-session';
import { acceptCookieBanner } from '../support/meet-page';
import { waitForCode } from '../support/smtp-sink';

/**
 * 'Manage Data Preferences & Consents' on /profile: marketing consents saved and revoked
 * on the server, the member's data downloaded as a file, and the account deleted with a code mailed
 * to the member, after which the address has no account any more.
 */

test('a member turns a consent on and off, downloads their data and deletes their account with a mailed code', async ({ members }) => {
  const ada = await members.create({ tag: 'Data controls', firstName: 'Ada' });
  const page = await ada.context.newPage();
  await page.goto('/profile');
  await acceptCookieBanner(page);
  await page.getByRole('button', { name: 'Manage Data Preferences & Consents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Data Preferences & Consents' });

  const consentsOnServer = async () => ((await (await ada.api.get('/api/users/consents')).json()) as Consent[]).map((consent) => consent.type).sort();
  const updates = dialog.getByRole('checkbox', { name: /Product updates/ });
  await expect(updates).not.toBeChecked();
  await updates.check();
  await expect.poll(consentsOnServer).toContain('product_updates');
  await updates.uncheck();
  await expect.poll(consentsOnServer).not.toContain('product_updates');
  expect(await consentsOnServer()).toEqual(['privacy', 'terms']);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mingle-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as AccountExport;
  expect(data.profile).toMatchObject({ id: ada.id, email: ada.email });

  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText(/It cannot be undone/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Email me a code' }).click();
  const code = await waitForCode(ada.email);
  await dialog.getByRole('textbox', { name: `Code sent to ${ada.email}` }).fill(code);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // Nothing is left: the session is gone and the address has no account.
  expect((await ada.api.get('/api/users/me')).status()).toBe(401);
  const again = await ada.api.post('/api/login/pin/request', { data: { email: ada.email } });
  expect(again.status()).toBe(404);
});
