import { expect, type Page } from '@playwright/test';
import { adaAndBeaAtOwnEvent, goalOf, test } from '../support/api-session';
import { seriousViolationsInBothSchemes } from '../support/axe';
import { acceptCookieBanner } from '../support/meet-page';
import { waitForServiceWorkerControl } from '../support/pwa';
import { connectAtEventText } from '../../src/features/profile/connect-toasts';

/**
 * The assistant on the embedded default (no model configured): the guided discover
 * journey from a new chat to an event card that opens the event, on a 360x640 phone; no serious
 * axe violation; the chat reads again offline.
 */
/** The newest answer's quick replies are in view, above the composer (not under it or the bottom bar). */
async function expectNewestInView(page: Page): Promise<void> {
  const replies = page.getByRole('group', { name: 'Quick replies' }).last();
  const input = page.getByRole('textbox', { name: 'Message the assistant' });
  await expect
    .poll(async () => {
      const [box, composer] = await Promise.all([replies.boundingBox(), input.boundingBox()]);
      return box !== null && composer !== null && box.y >= 0 && box.y + box.height <= composer.y;
    })
    .toBe(true);
}

test('the guided assistant answers a question with event cards; a card opens its event', async ({ members }) => {
  const ada = await members.create({ tag: 'Assistant' });
  const page = await ada.context.newPage();
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/assistant');
  await acceptCookieBanner(page);
  await expect(page).toHaveTitle('Assistant · Mingle');
  await expect(page.getByText('No chats yet')).toBeVisible();

  await page.getByRole('button', { name: /^Discover events/ }).click();
  await expect(page).toHaveURL(/\/assistant\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Basic assistant: no AI model is configured on this server')).toBeVisible();
  await expect(page).toHaveTitle('Discover events · Assistant · Mingle');

  // The composer sits above the bottom navigation bar.
  const send = page.getByRole('button', { name: 'Send' });
  const box = await send.boundingBox();
  const nav = await page.getByRole('navigation').last().boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(nav!.y + 1);

  const input = page.getByRole('textbox', { name: 'Message the assistant' });
  await input.fill('AI meetups in Stockholm');
  await input.press('Enter');
  const cards = page.getByRole('list', { name: 'Events' });
  const firstEvent = cards.getByRole('link').first();
  await expect(firstEvent).toBeVisible();
  await expect(page.getByRole('group', { name: 'Quick replies' })).toBeVisible();
  await expectNewestInView(page);
  expect(await seriousViolationsInBothSchemes(page)).toEqual([]);
  const chatUrl = page.url();
  const name = (await firstEvent.textContent())!;
  await firstEvent.click();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Back on the list, the chat is there, named after the question.
  await page.goto('/assistant');
  await expect(page.getByRole('link', { name: /AI meetups in Stockholm/ })).toBeVisible();

  // Past chats read offline: the persisted cache and the worker's copy answer.
  await waitForServiceWorkerControl(page);
  await page.goto(chatUrl);
  await expect(cards.getByRole('link', { name })).toBeVisible();
  await expectNewestInView(page);
  await ada.context.setOffline(true);
  await page.reload();
  await expect(cards.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message the assistant' })).toBeDisabled();
  await ada.context.setOffline(false);
});

test("the prepare journey's suggested goal becomes the member's goal for the event, through the outbox", async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Assistant goal');
  const page = await ada.context.newPage();
  await page.goto(`/events/${event.id}`);
  await acceptCookieBanner(page);
  await page.getByRole('link', { name: 'Prepare with the assistant' }).click();
  await expect(page).toHaveURL(/\/assistant\/[0-9a-f-]{36}$/);
  const suggested = page.locator('.assistant-goal p');
  await expect(suggested).toBeVisible();
  const goal = (await suggested.textContent())!;

  await page.getByRole('button', { name: 'Use as my goal' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Goal saved' })).toBeVisible();
  await expect.poll(() => goalOf(ada, event.id)).toBe(goal);

  // A suggested person opens their profile: Bea attends the same event.
  await page
    .getByRole('list', { name: 'People to meet' })
    .getByRole('link', { name: `${bea.firstName} ${bea.lastName}` })
    .click();
  await expect(page).toHaveURL(`/users/${bea.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${bea.firstName} ${bea.lastName}` })).toBeVisible();
  await expect(page.getByText(connectAtEventText(bea.firstName))).toBeVisible();
});
