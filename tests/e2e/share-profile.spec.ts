import { expect } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/storage-keys';
import { connectionsOf, test } from '../support/api-session';
import { acceptCookieBanner } from '../support/meet-page';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * Sharing a profile: a member shares the link to their profile from /profile, another
 * member opens it (a visitor signs in first), Connects, lands on the feed, and the server has the
 * two connected.
 */

test('a shared profile link opens the profile for another member, who connects and lands on the feed; signed out, it names its owner', async ({
  members,
  baseURL,
}) => {
  const ada = await members.create({ tag: 'Shares profile', firstName: 'Ada' });
  const bob = await members.create({ tag: 'Opens link', firstName: 'Bob' });

  // The device has no share sheet here (desktop Linux): the link is copied.
  await ada.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await ada.context.newPage();
  await page.goto('/profile');
  await acceptCookieBanner(page);
  await page.getByRole('button', { name: 'Share profile' }).click();
  await expect(page.getByText('Link copied!')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/users/${ada.id}/public/[\\w-]+$`));

  // A visitor is asked to sign in first, and the link is kept for after it.
  const visitor = await page.context().browser()!.newContext({ baseURL });
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(link);
    await expect(anonymous).toHaveURL(/\/auth$/);
    expect(await anonymous.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.redirectAfterLogin)).toBe(new URL(link).pathname);
    // It says whose profile waits behind signing in, and a first visit starts on Sign up.
    const invite = anonymous.getByRole('region', { name: ada.name });
    await expect(invite.getByText('Engineering lead at a logistics start-up')).toBeVisible();
    await expect(invite.getByText('Sign up to connect with Ada')).toBeVisible();
    await expect(anonymous.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    await expect(anonymous).toHaveTitle('Sign up · Mingle');
  } finally {
    await visitor.close();
  }

  const opened = await bob.context.newPage();
  await opened.goto(link);
  await acceptCookieBanner(opened);
  await expect(opened.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();
  await expect(opened).toHaveTitle(`${ada.name} · Mingle`);
  await expect(opened.getByText('Engineering lead at a logistics start-up')).toBeVisible();
  await opened.getByRole('button', { name: 'Connect' }).click();
  await expect(opened.getByText("You've successfully connected with this user.")).toBeVisible();
  await expect(opened).toHaveURL(/\/feed$/);

  expect((await connectionsOf(bob)).map((connection) => connection.id)).toEqual([ada.id]);
  expect((await connectionsOf(ada)).map((connection) => connection.id)).toEqual([bob.id]);
});

test('a profile opened once opens again without network, with its events', async ({ members }) => {
  const ada = await members.create({ tag: 'Shared offline', firstName: 'Ada' });
  const bob = await members.create({ tag: 'Reads offline', firstName: 'Bob' });
  const share = await ada.api.post('/api/users/me/share');
  const link = ((await share.json()) as { shareUrl: string }).shareUrl;

  const page = await bob.context.newPage();
  await page.goto(link);
  await acceptCookieBanner(page);
  await waitForServiceWorkerControl(page);
  // Read once through the worker, which keeps the answer for the venue.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();

  await bob.context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();
  await expect(page.getByText('Engineering lead at a logistics start-up')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Events' })).toContainText("This user hasn't registered for any events yet.");
});
