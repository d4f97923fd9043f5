import { expect } from '@playwright/test';
import { MAX_PAGE_SIZE, type EventListResponse } from '../../contract/events';
import { joinEvent, leaveEvent, test, type ApiMember } from '../support/api-session';
import { seriousViolationsInBothSchemes } from '../support/axe';
import { acceptCookieBanner, notice } from '../support/meet-page';
import { connectThroughShare, ownEvent } from '../support/own-events';
import { waitForServiceWorkerControl } from '../support/pwa';
import { LEAVE_WAITING_TEXT } from '../../src/features/event-detail/leave-waiting';

/**
 * Leaving an event from its page: a dialog says what happens, a notice confirms it, and every
 * screen shows the member unregistered at once, also after a reload and offline (the persisted
 * cache and the service worker's copies are the new ones). The creator deletes instead.
 */

/** An upcoming event of the demo data that anyone may join (not PRO-only, not a community event). */
async function openDemoEvent(member: ApiMember): Promise<{ id: string; name: string }> {
  for (let page = 1; page <= 5; page++) {
    const answer = await member.api.get(`/api/events?nonPassed=true&page=${page}&limit=${MAX_PAGE_SIZE}`);
    const { events } = (await answer.json()) as EventListResponse;
    const open = events.find((item) => item.eventData && !item.isProOnly && item.eventData.sourceType !== 'USER_ADDED' && !item.eventData.isPast);
    if (open?.eventData) return { id: open.id, name: open.eventData.name };
  }
  throw new Error('The demo data has no upcoming event open to everyone');
}

test('a member leaves an event from its page; every screen says so at once, after a reload and offline', async ({ members }) => {
  const bea = await members.create({ tag: 'Leave', firstName: 'Bea' });
  const event = await openDemoEvent(bea);
  const { name } = event;
  await joinEvent(bea, event.id, { goal: 'Meet people who build offline apps' });
  const page = await bea.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/events/${event.id}`);
  await acceptCookieBanner(page);
  await waitForServiceWorkerControl(page);
  await page.reload();
  await expect(page.getByText("You're registered")).toBeVisible();

  await page.getByRole('button', { name: 'Leave event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave event' });
  await expect(dialog).toContainText(`You will no longer be registered for "${name}"`);
  await expect(dialog).toContainText('your goal for it is removed');
  await expect(dialog).toContainText('You can join again at any time.');
  expect(await seriousViolationsInBothSchemes(page)).toEqual([]);
  // Cancel keeps the registration.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText("You're registered")).toBeVisible();

  await page.getByRole('button', { name: 'Leave event' }).click();
  await page.getByRole('dialog', { name: 'Leave event' }).getByRole('button', { name: 'Leave event' }).click();
  await expect(notice(page, 'You left the event', `You're no longer registered for "${name}".`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  await expect(page.getByText("You're registered")).toHaveCount(0);

  // The events list no longer counts it among her upcoming events.
  await page.goto('/events');
  await expect(page.getByRole('region', { name: 'My upcoming events' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My upcoming events' }).getByText(name)).toHaveCount(0);
  // The Meet page offers joining rather than a refusal.
  await page.goto(`/events/${event.id}/connect`);
  await expect(page.getByRole('heading', { name: `Join ${name} to meet its attendees` })).toBeVisible();
  // A reload (the persisted cache) and an offline start (the worker's copy) say the same.
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  await bea.context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  await bea.context.setOffline(false);
  expect((await bea.api.get(`/api/events/${event.id}`)).status()).toBe(200);
  expect(((await (await bea.api.get(`/api/events/${event.id}`)).json()) as { eventData: { isRegistered: boolean } }).eventData.isRegistered).toBe(false);
});

test('leaving without network is kept on the device: every screen says so at once, also after an offline reload, and it is sent when the network returns', async ({
  members,
}) => {
  const dee = await members.create({ tag: 'Leave offline', firstName: 'Dee' });
  const event = await openDemoEvent(dee);
  const { name } = event;
  await joinEvent(dee, event.id, { goal: 'Leave at the venue' });
  const page = await dee.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  // Online once: the events list and the event's page are kept on the device.
  await page.goto('/events');
  await acceptCookieBanner(page);
  await waitForServiceWorkerControl(page);
  await expect(page.getByRole('region', { name: 'My upcoming events' }).getByText(name)).toBeVisible();
  await page.goto(`/events/${event.id}`);
  await expect(page.getByText("You're registered")).toBeVisible();

  await dee.context.setOffline(true);
  await page.getByRole('button', { name: 'Leave event' }).click();
  await page.getByRole('dialog', { name: 'Leave event' }).getByRole('button', { name: 'Leave event' }).click();
  await expect(
    notice(page, 'You left the event', `You're no longer registered for "${name}". Saved on this device: it's sent when you're back online.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  await expect(page.getByText(LEAVE_WAITING_TEXT)).toBeVisible();

  // An offline start reads the worker's copies and the persisted cache: both say she left.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  await expect(page.getByText(LEAVE_WAITING_TEXT)).toBeVisible();
  await page.goto('/events');
  await expect(page.getByRole('region', { name: 'My upcoming events' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My upcoming events' }).getByText(name)).toHaveCount(0);
  expect(((await (await dee.api.get(`/api/events/${event.id}`)).json()) as { eventData: { isRegistered: boolean } }).eventData.isRegistered).toBe(true);

  // Back online, the leave is sent; the page's note goes, and nothing went wrong.
  await page.goto(`/events/${event.id}`);
  await dee.context.setOffline(false);
  await expect
    .poll(async () => ((await (await dee.api.get(`/api/events/${event.id}`)).json()) as { eventData: { isRegistered: boolean } }).eventData.isRegistered)
    .toBe(false);
  await expect(page.getByText(LEAVE_WAITING_TEXT)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Error' })).toHaveCount(0);
});

test('a guest leaving a community event is told its join link brings them back, and lands on the events list', async ({ members }) => {
  const { event, name, guests } = await ownEvent(members, 'Leave community', { guests: ['Cy'], fullCards: true });
  const page = await guests[0]!.context.newPage();
  await page.goto(`/events/${event.id}`);
  await acceptCookieBanner(page);
  await page.getByRole('button', { name: 'Leave event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave event' });
  await expect(dialog).toContainText('You can join again with its join link.');
  await dialog.getByRole('button', { name: 'Leave event' }).click();
  await expect(notice(page, 'You left the event', `You're no longer registered for "${name}".`)).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);
});

test("the creator's event page offers deleting it for everyone, and lands on the events list", async ({ members }) => {
  const { event, name, host } = await ownEvent(members, 'Delete own');
  const page = await host.context.newPage();
  await page.goto(`/events/${event.id}`);
  await acceptCookieBanner(page);
  await expect(page.getByRole('button', { name: 'Leave event' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Event' });
  await expect(dialog).toContainText(`You created "${name}": deleting it removes it for everyone.`);
  await dialog.getByRole('button', { name: 'Delete event' }).click();
  await expect(notice(page, 'Event deleted', `"${name}" was deleted for everyone.`)).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);
  expect((await host.api.get(`/api/events/${event.id}`)).status()).toBe(404);
});

test('left on another device: the Meet page opened from what this device kept offers joining, not a refusal', async ({ members }) => {
  const { event, name, host, guests } = await ownEvent(members, 'Left elsewhere', { guests: ['Cy', 'Dee'], fullCards: true });
  const cy = guests[0]!;
  await connectThroughShare(host, cy);
  const page = await cy.context.newPage();
  await page.goto(`/events/${event.id}/connect`);
  await acceptCookieBanner(page);
  await waitForServiceWorkerControl(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Connect with Dee' })).toBeVisible();
  // Another device of Cy's leaves; this one still holds the event as registered.
  await leaveEvent(cy, event.id);
  await page.goto(`/events/${event.id}/connect`);
  await expect(page.getByRole('heading', { name: `Join ${name} to meet its attendees` })).toBeVisible();
});
