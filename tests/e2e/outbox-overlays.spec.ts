import { expect } from '@playwright/test';
import { adaAndBeaAtOwnEvent, createCommunityEvent, firstInDeck, goalOf, interactionTypes, joinEvent, leaveEvent, test } from '../support/api-session';
import { acceptCookieBanner, expectTopCard, openDeckTab, topCard, waitingToSync } from '../support/meet-page';
import { connectThroughShare, ownEvent } from '../support/own-events';

/**
 * What the outbox shows while work waits, against the real server in Chromium: a goal edited
 * offline, a queued pass undone before it was sent, and a swipe the server refused, retried once
 * the member can fix the reason. What reached the server is read with the member's own session,
 * outside the (offline) browser.
 */

test('a goal saved offline shows at once, says it waits, and reaches the server once online', async ({ members }) => {
  const ada = await members.create({ tag: 'Goal outbox', firstName: 'Ada' });
  const event = await createCommunityEvent(ada, `E2E goal outbox ${Date.now().toString(36)}`);
  const page = await ada.context.newPage();
  await page.goto(`/events/${event.id}`);
  await acceptCookieBanner(page);
  const edit = page.getByRole('button', { name: 'Edit goal' });
  await expect(edit).toBeEnabled();

  await ada.context.setOffline(true);
  await edit.click();
  await page.getByRole('textbox', { name: 'My goal for this event' }).fill('Find two people who ship offline-first apps');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Find two people who ship offline-first apps')).toBeVisible();
  await expect(page.getByText('Saved on this device, waiting to sync.')).toBeVisible();
  expect(await goalOf(ada, event.id)).toBeNull();

  await ada.context.setOffline(false);
  await expect(page.getByText('Saved on this device, waiting to sync.')).toBeHidden();
  expect(await goalOf(ada, event.id)).toBe('Find two people who ship offline-first apps');
  await expect(page.getByText('Find two people who ship offline-first apps')).toBeVisible();
});

test('offline, a pass shows under Passed at once; its Undo cancels it and the card is back', async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Undo queued');

  const page = await openDeckTab(ada.context, event.id);
  await expectTopCard(page, bea.name);

  await ada.context.setOffline(true);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText("You've gone through all available profiles!")).toBeVisible();
  await expect(waitingToSync(page)).toHaveText('1 waiting to sync');

  await page.getByRole('tab', { name: 'Interactions' }).click();
  const passed = page.getByRole('region', { name: 'Passed' });
  await expect(passed.getByRole('heading', { name: 'Passed (1)' })).toBeVisible();
  await passed.getByRole('button', { name: `Undo ${bea.name}` }).click();
  await expect(passed.getByRole('heading', { name: 'Passed (0)' })).toBeVisible();
  await expect(waitingToSync(page)).toHaveCount(0);

  await page.getByRole('tab', { name: 'All Attendees' }).click();
  await expectTopCard(page, bea.name);
  await ada.context.setOffline(false);
  // Nothing was left to send: the server never hears of the pass.
  await page.getByRole('tab', { name: 'Interactions' }).click();
  await expect(passed.getByRole('heading', { name: 'Passed (0)' })).toBeVisible();
  expect(await interactionTypes(ada, event.id)).toEqual({});
});

test('a swipe refused with 403 names the card and the reason; Retry after registering again delivers it', async ({ members }) => {
  // The event stays visible to the member after leaving it (its host is their connection), so the
  // swipe is refused as a non-attendee's (403), not hidden (404). Bea and Cy are the deck's cards (a
  // connection is not one): the second comes on top once the first is swiped.
  const { host, event } = await ownEvent(members, 'Refused swipe', { guests: ['Bea', 'Cy'] });
  const member = await members.create({ tag: 'Refused swipe' });
  await connectThroughShare(host, member);
  await joinEvent(member, event.id);
  const first = await firstInDeck(member, event.id);

  const page = await openDeckTab(member.context, event.id);
  await expectTopCard(page, first.name);
  await member.context.setOffline(true);
  await page.keyboard.press('ArrowRight');
  await expect(topCard(page)).not.toHaveAccessibleName(first.name);
  await expect(waitingToSync(page)).toHaveText('1 waiting to sync');

  // The member leaves the event elsewhere before the swipe is sent.
  await leaveEvent(member, event.id);
  await member.context.setOffline(false);
  const refused = page.getByRole('list', { name: 'Not synced' });
  // Sent once the page hears the network is back, after the outbox's first try: no timing is asserted.
  await expect(refused).toContainText(`Connect with ${first.name} was not saved. Only attendees of this event can do this.`, { timeout: 30_000 });
  await expect(waitingToSync(page)).toHaveCount(0);
  expect(await interactionTypes(member, event.id)).toEqual({});

  await joinEvent(member, event.id);
  await refused.getByRole('button', { name: 'Retry' }).click();
  await expect(refused).toBeHidden();
  await expect.poll(() => interactionTypes(member, event.id)).toEqual({ [first.id]: 'POSITIVE' });
});
