import { expect } from '@playwright/test';
import { adaAndBeaAtOwnEvent, createCommunityEvent, likeByApi, test } from '../support/api-session';
import { acceptCookieBanner } from '../support/meet-page';
import { waitForServiceWorkerControl } from '../support/pwa';

/** The feed: a connection's new registration shows in the member's feed, also offline. */

test("a connection's new registration shows in the feed, links to the event, and the feed opens offline", async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Feed');
  await likeByApi(ada, bea.id, event.id);
  await likeByApi(bea, ada.id, event.id);
  // Bea registers for another event (her own community event, which her connections can see).
  const partyName = `E2E feed party ${Date.now().toString(36)}`;
  const party = await createCommunityEvent(bea, partyName);

  const page = await ada.context.newPage();
  await page.goto('/feed');
  await acceptCookieBanner(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your feed' })).toBeVisible();
  const items = page.getByRole('article', { name: bea.name });
  await expect(items.first()).toContainText(`${bea.name} is going to ${partyName}`);
  await expect(items.nth(1)).toContainText(`You connected with ${bea.name}`);

  // Read once through the worker, which keeps it for the venue; then the feed opens offline.
  await waitForServiceWorkerControl(page);
  await page.reload();
  await expect(items.first()).toContainText(partyName);
  await ada.context.setOffline(true);
  await page.reload();
  await expect(items.first()).toContainText(`${bea.name} is going to ${partyName}`);
  await ada.context.setOffline(false);

  await items.first().getByRole('link', { name: partyName }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${party.id}$`));
  await page.goBack();
  await page.getByRole('link', { name: 'Your connections' }).click();
  await expect(page).toHaveURL(/\/connections$/);

  // Someone without a network yet is shown where to start.
  const newcomer = await members.create({ tag: 'Feed newcomer', firstName: 'Cy' });
  const empty = await newcomer.context.newPage();
  await empty.goto('/feed');
  await acceptCookieBanner(empty);
  await expect(empty.getByText('Your network activity will appear here.')).toBeVisible();
  await empty.getByRole('link', { name: 'Browse events' }).click();
  await expect(empty).toHaveURL(/\/events\?tab=find$/);
});
