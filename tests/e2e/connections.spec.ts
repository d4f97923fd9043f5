import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { adaAndBeaAtOwnEvent, likeByApi, test } from '../support/api-session';
import { acceptCookieBanner } from '../support/meet-page';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * The member's network: 'Network' on the profile leads to the connections,
 * searchable, each opening the connection's profile with the contact details only connections see.
 */

test("from the profile's 'Network' to a connection's contact details, and nobody else's", async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Network');
  await likeByApi(ada, bea.id, event.id);
  await likeByApi(bea, ada.id, event.id);
  expect((await bea.api.patch('/api/users/me', { data: { phone: '+46701112233' } })).status()).toBe(200);
  const stranger = await members.create({ tag: 'Not connected', firstName: 'Cy' });
  const eventName = ((await (await ada.api.get(`/api/events/${event.id}`)).json()) as { eventData: { name: string } }).eventData.name;

  const page = await ada.context.newPage();
  await page.goto('/profile');
  await acceptCookieBanner(page);
  await page.getByRole('link', { name: 'Network', exact: true }).click();
  await expect(page).toHaveURL(/\/connections$/);
  await expect(page).toHaveTitle('Connections · Mingle');
  const card = page.getByRole('link', { name: new RegExp(bea.name) });
  // The event starts tomorrow: they connected through its deck, and have not met there yet.
  await expect(card).toContainText(`Connected ahead of ${eventName}`);

  const search = page.getByRole('searchbox', { name: 'Search connections' });
  await search.fill('nobody like this');
  await expect(page.getByText('No connections match “nobody like this”.')).toBeVisible();
  await search.fill('bea');
  await card.click();

  await expect(page).toHaveURL(new RegExp(`/connections/${bea.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: bea.name })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Connected ahead of ${eventName} on \\w`))).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact information' });
  await expect(contact.getByRole('link', { name: bea.email })).toHaveAttribute('href', `mailto:${bea.email}`);
  await expect(contact.getByRole('link', { name: '+46701112233' })).toHaveAttribute('href', 'tel:+46701112233');
  await expect(contact.getByText('No link provided')).toBeVisible();
  // 'Save contact' downloads the connection as a vCard the phone's contacts app reads.
  const download = page.waitForEvent('download');
  await contact.getByRole('link', { name: 'Save contact' }).click();
  const vcard = await (await download).path().then((path) => readFile(path, 'utf8'));
  expect(vcard).toMatch(/^BEGIN:VCARD\r\nVERSION:4\.0\r\n/);
  expect(vcard).toContain(`EMAIL:${bea.email}`);
  expect(vcard).toContain('TEL;VALUE=uri:tel:+46701112233');

  await page.goto(`/connections/${stranger.id}`);
  await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
  await expect(page.getByText(stranger.email)).toHaveCount(0);

  const lonely = await stranger.context.newPage();
  await lonely.goto('/connections');
  await acceptCookieBanner(lonely);
  await expect(lonely.getByText('You have no connections yet.')).toBeVisible();
});

test('a private note written offline waits on the device and lands once when the network returns, seen by its writer only', async ({ members }) => {
  test.setTimeout(120_000);
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Note');
  await likeByApi(ada, bea.id, event.id);
  await likeByApi(bea, ada.id, event.id);
  const page = await ada.context.newPage();
  await page.goto(`/connections/${bea.id}`);
  await acceptCookieBanner(page);
  await expect(page.getByRole('heading', { level: 1, name: bea.name })).toBeVisible();
  await waitForServiceWorkerControl(page);
  // Read once through the worker, which keeps it for the venue.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: bea.name })).toBeVisible();

  await ada.context.setOffline(true);
  await page.reload();
  const note = page.getByRole('region', { name: 'Private note' });
  await note.getByRole('button', { name: 'Edit private note' }).click();
  await note.getByRole('textbox', { name: 'Private note' }).fill('Talked about the Lisbon office');
  await note.getByRole('button', { name: 'Save' }).click();
  await expect(note.getByText('Talked about the Lisbon office')).toBeVisible();
  await expect(note.getByText('Saved on this device, waiting to sync.')).toBeVisible();

  await ada.context.setOffline(false);
  await expect(note.getByText('Saved on this device, waiting to sync.')).toHaveCount(0, { timeout: 60_000 });
  const mine = (await (await ada.api.get(`/api/users/${bea.id}/connection`)).json()) as { note: string | null };
  expect(mine.note).toBe('Talked about the Lisbon office');
  const theirs = (await (await bea.api.get(`/api/users/${ada.id}/connection`)).json()) as { note: string | null };
  expect(theirs.note).toBeNull();
});

test('a connection only listed before opens offline from the list, with the contact details to call them', async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Listed');
  await likeByApi(ada, bea.id, event.id);
  await likeByApi(bea, ada.id, event.id);
  expect((await bea.api.patch('/api/users/me', { data: { phone: '+46709998877' } })).status()).toBe(200);
  const page = await ada.context.newPage();
  await page.goto('/connections');
  await acceptCookieBanner(page);
  await waitForServiceWorkerControl(page);
  // The list read through the worker, which keeps it; Bea's own profile was never opened.
  await page.reload();
  await expect(page.getByRole('link', { name: new RegExp(bea.name) })).toBeVisible();

  await ada.context.setOffline(true);
  await page.reload();
  await page.getByRole('link', { name: new RegExp(bea.name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: bea.name })).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact information' });
  await expect(contact.getByRole('link', { name: '+46709998877' })).toHaveAttribute('href', 'tel:+46709998877');
  await expect(contact.getByRole('link', { name: bea.email })).toHaveAttribute('href', `mailto:${bea.email}`);
  await expect(page.getByText('Saved on this device. The private note and events show when this profile loads.')).toBeVisible();

  await ada.context.setOffline(false);
  // Back online the full profile loads: the note and the counts.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Private note' })).toBeVisible();
  await expect(page.getByText('Network', { exact: true })).toBeVisible();
});
