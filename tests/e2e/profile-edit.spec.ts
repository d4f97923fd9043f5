import { expect, type APIRequestContext } from '@playwright/test';
import type { Me } from '../../contract/user';
import { test } from '../support/api-session';
import { acceptCookieBanner, notice } from '../support/meet-page';
import { outboxRecords } from '../support/outbox';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * Editing one's own profile: the name, About and contact cards save only what changed;
 * edits made without network wait on the device, survive a reload, and land on the server exactly
 * once when it returns.
 */

/** See venue-offline.spec.ts: the sync engine's backoff may hold a record for a while after reconnecting. */
const DELIVERY_TIMEOUT = 60_000;

async function meOf(api: APIRequestContext): Promise<Me> {
  const answer = await api.get('/api/users/me');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Me;
}

test('name and contact edits are saved and shown; the LinkedIn link is kept behind its fixed prefix', async ({ members }) => {
  const ada = await members.create({ tag: 'Edits contact', firstName: 'Ada' });
  const page = await ada.context.newPage();
  await page.goto('/profile');
  await acceptCookieBanner(page);

  await page.getByRole('button', { name: 'Edit name' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Augusta Ada');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Augusta Ada ${ada.lastName}` })).toBeVisible();

  const contact = page.getByRole('region', { name: 'Contact information' });
  await expect(contact.getByText(ada.email)).toBeVisible();
  await expect(contact.getByText('No link provided')).toBeVisible();
  await expect(contact.getByText('No number provided')).toBeVisible();
  await contact.getByRole('button', { name: 'Edit contact information' }).click();
  const form = page.getByRole('form', { name: 'Contact information' });
  await form.getByRole('textbox', { name: 'LinkedIn' }).fill('ada-lovelace');
  await form.getByRole('textbox', { name: 'Phone' }).fill('+46 70/123');
  await form.getByRole('button', { name: 'Save' }).click();
  // The server's rule, checked before sending: digits with an optional leading +, written with
  // spaces, dashes, dots or parentheses if the member likes.
  await expect(notice(page, 'Profile update failed', 'Phone: Invalid phone number')).toBeVisible();
  // The field itself says so too: marked invalid, the reason under it and read with it.
  const phone = form.getByRole('textbox', { name: 'Phone' });
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription('Invalid phone number');
  await expect(form.getByText('Invalid phone number', { exact: true })).toBeVisible();
  await phone.fill('+46 70-123');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(contact.getByRole('link', { name: 'linkedin.com/in/ada-lovelace' })).toHaveAttribute('href', 'https://www.linkedin.com/in/ada-lovelace');
  await expect(contact.getByText('+4670123')).toBeVisible();

  await expect
    .poll(async () => meOf(ada.api))
    .toMatchObject({
      firstName: 'Augusta Ada',
      linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace',
      phone: '+4670123',
    });
});

test('About: title, story and location, picked from the list and then a custom one the member creates', async ({ members }) => {
  const ada = await members.create({ tag: 'Picks location', firstName: 'Ada' });
  const page = await ada.context.newPage();
  await page.goto('/profile');
  await acceptCookieBanner(page);
  const about = page.getByRole('region', { name: 'About' });
  await expect(about.getByText('Add your location')).toBeVisible();
  await expect(page.getByText('city and country', { exact: false })).toBeVisible();

  await about.getByRole('button', { name: 'Edit about' }).click();
  const form = page.getByRole('form', { name: 'About' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Head of Product');
  const picker = page.getByRole('dialog', { name: 'Select Location' });
  await expect(picker).toHaveCount(0);
  await form.getByRole('button', { name: 'Click to select location...' }).click();
  await expect(picker.getByRole('combobox', { name: 'Search locations' })).toHaveAttribute('placeholder', 'Select your location...');
  await picker.getByRole('combobox', { name: 'Search locations' }).fill('stockh');
  // The list says it is busy until the results for what was typed are in (a click before that
  // may land on a list that is being replaced).
  await expect(picker.getByRole('listbox')).not.toHaveAttribute('aria-busy');
  await picker
    .getByRole('option', { name: /^Stockholm/ })
    .first()
    .click();
  await expect(picker).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Stockholm, Sweden' })).toBeVisible();
  // An outside click closes the picker without choosing.
  await form.getByRole('button', { name: 'Stockholm, Sweden' }).click();
  await expect(picker).toBeVisible();
  await page.getByRole('heading', { level: 1, name: 'Profile' }).click();
  await expect(picker).toHaveCount(0);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(about.getByText('Stockholm, Sweden')).toBeVisible();
  await expect(about.getByText('Head of Product')).toBeVisible();
  await expect.poll(async () => (await meOf(ada.api)).location).toBe('Stockholm, Sweden');
  const picked = await meOf(ada.api);
  expect(picked).toMatchObject({ role: 'Head of Product', locationId: expect.any(String) });

  await about.getByRole('button', { name: 'Edit about' }).click();
  await form.getByRole('button', { name: 'Stockholm, Sweden' }).click();
  await picker.getByRole('button', { name: 'Create custom location' }).click();
  const custom = picker.getByRole('group', { name: 'Create custom location' });
  await custom.getByRole('textbox', { name: 'Location name' }).fill('Fika Factory Harbour');
  await custom.getByRole('combobox', { name: 'Country' }).selectOption('SE');
  await custom.getByRole('button', { name: 'Create location' }).click();
  await expect(picker).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Fika Factory Harbour, Sweden' })).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(about.getByText('Fika Factory Harbour, Sweden')).toBeVisible();
  await expect.poll(async () => (await meOf(ada.api)).location).toBe('Fika Factory Harbour, Sweden');
  const me = await meOf(ada.api);
  expect(me.locationId).not.toBe(picked.locationId);
  const created = await ada.api.get(`/api/locations?query=${encodeURIComponent('Fika Factory Harbour')}`);
  const [location] = ((await created.json()) as { data: { locations: { id: string; isCustom: boolean }[] } }).data.locations;
  expect(location).toMatchObject({ id: me.locationId, isCustom: true });

  // The custom location is found by the next member's search, marked as such.
  await about.getByRole('button', { name: 'Edit about' }).click();
  await form.getByRole('button', { name: 'Fika Factory Harbour, Sweden' }).click();
  await picker.getByRole('combobox', { name: 'Search locations' }).fill('fika factory');
  await expect(picker.getByRole('option', { name: /Fika Factory Harbour/ })).toContainText('Custom');
});

test('About edits made offline wait on the device, survive a reload, and land once when the network returns', async ({ members }) => {
  test.setTimeout(120_000);
  const ada = await members.create({ tag: 'Edits offline', firstName: 'Ada' });
  const page = await ada.context.newPage();
  await page.goto('/profile');
  await acceptCookieBanner(page);
  await expect(page.getByRole('heading', { level: 2, name: ada.name })).toBeVisible();
  await waitForServiceWorkerControl(page);

  await ada.context.setOffline(true);
  await page.reload();
  const about = page.getByRole('region', { name: 'About' });
  await expect(about.getByText('Engineering lead at a logistics start-up')).toBeVisible();

  await about.getByRole('button', { name: 'Edit about' }).click();
  const form = page.getByRole('form', { name: 'About' });
  await form.getByRole('textbox', { name: 'Title' }).fill('CTO at a venue-Wi-Fi start-up');
  await form.getByRole('textbox', { name: 'Story' }).fill('Written in a basement with no signal.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(about.getByText('CTO at a venue-Wi-Fi start-up')).toBeVisible();
  await expect(page.getByText('Saved on this device, waiting to sync.')).toBeVisible();

  // A second edit of the same card merges with the first: the newest title wins, the story stays.
  await about.getByRole('button', { name: 'Edit about' }).click();
  await form.getByRole('textbox', { name: 'Title' }).fill('CTO, offline-first');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(about.getByText('CTO, offline-first')).toBeVisible();

  await page.reload();
  await expect(about.getByText('CTO, offline-first')).toBeVisible();
  await expect(about.getByText('Written in a basement with no signal.')).toBeVisible();
  await expect(page.getByText('Saved on this device, waiting to sync.')).toBeVisible();
  expect(await meOf(ada.api)).toMatchObject({ role: 'Engineering lead at a logistics start-up' });

  await ada.context.setOffline(false);
  await expect(page.getByText('Saved on this device, waiting to sync.')).toHaveCount(0, { timeout: DELIVERY_TIMEOUT });
  expect(await meOf(ada.api)).toMatchObject({ role: 'CTO, offline-first', story: 'Written in a basement with no signal.' });

  // Exactly once: a change made elsewhere afterwards is not overwritten by any later replay.
  expect((await ada.api.patch('/api/users/me', { data: { role: 'Changed on the laptop' } })).status()).toBe(200);
  await page.reload();
  await expect(about.getByText('Changed on the laptop')).toBeVisible();
  // A replay needs a record, and the delivered edits left none behind.
  expect(await outboxRecords(page)).toEqual([]);
  expect(await meOf(ada.api)).toMatchObject({ role: 'Changed on the laptop', story: 'Written in a basement with no signal.' });
});
