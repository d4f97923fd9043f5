import { expect } from '@playwright/test';
import { createCommunityEvent, test } from '../support/api-session';
import { acceptCookieBanner } from '../support/meet-page';

/** 'Your Events' on /profile: the member's own event is deleted through Edit and the confirm dialog. */

test("a member deletes the event she created from 'Your Events' through the confirm dialog", async ({ members }) => {
  const ada = await members.create({ tag: 'Your events', firstName: 'Ada' });
  const name = `E2E your events ${Date.now().toString(36)}`;
  const event = await createCommunityEvent(ada, name);
  const page = await ada.context.newPage();
  await page.goto('/profile');
  await acceptCookieBanner(page);
  const card = page.getByRole('region', { name: 'Your Events' });
  // The header's 'Events' count follows the list.
  const eventsCount = page.locator('.profile-counts').getByText('Events').locator('xpath=following-sibling::dd');
  await expect(eventsCount).toHaveText('1');
  await expect(card.getByRole('link', { name })).toHaveAttribute('href', `/events/${event.id}`);

  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Event' });
  await expect(dialog).toContainText(`You created "${name}": deleting it removes it for everyone.`);
  await expect(dialog).toContainText('This action cannot be undone.');
  // Cancel keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText(name)).toBeVisible();

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete Event' }).getByRole('button', { name: 'Delete event' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Event deleted' })).toBeVisible();
  await expect(card.getByText(name)).toHaveCount(0);
  await expect(card.getByText("You haven't registered for any events yet.")).toBeVisible();
  await expect(eventsCount).toHaveText('0');
  // Her own community event, which nobody else attends, is gone on the server too.
  expect((await ada.api.get(`/api/events/${event.id}`)).status()).toBe(404);
});

test("'Create' on the profile opens the Create New Event dialog; the new event opens on its goal page", async ({ members }) => {
  const ada = await members.create({ tag: 'Creates from profile', firstName: 'Ada' });
  const page = await ada.context.newPage();
  await page.goto('/profile');
  await acceptCookieBanner(page);
  await page.getByRole('region', { name: 'Your Events' }).getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await expect(dialog).toContainText('Fill in the details below to create a new event. This will only be visible to your connections.');
  // Cancel closes it and creates nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('region', { name: 'Your Events' }).getByRole('button', { name: 'Create' }).click();
  const name = `E2E profile create ${Date.now().toString(36)}`;
  const tomorrow = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await dialog.getByLabel('Event Name').fill(name);
  await dialog.getByLabel('Start Date').fill(tomorrow);
  await dialog.getByLabel('Event URL').fill('meetup.example/profile');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event Created')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}\/join\/[^/]+\/goal\?created=1$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
