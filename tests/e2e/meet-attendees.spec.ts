import { expect } from '@playwright/test';
import { MAX_PAGE_SIZE } from '../../contract/events';
import { adaAndBeaAtOwnEvent, connectionsOf, deckOf, goalOf, interactionTypes, joinEvent, test } from '../support/api-session';
import { acceptCookieBanner, connectButton, dragTopCard, expectTopCard, notice, openDeckTab, openMeetPage, passButton } from '../support/meet-page';
import { connectThroughShare, nameSuffix, ownEvent } from '../support/own-events';

/**
 * Meet Attendees (/events/{id}/connect) online, against the real server: a mutual like between two
 * members in two browsers, every way of swiping, undo, and who may open the page. Members are made
 * through the API (tests/support/api-session.ts); what reached the server is read with their own
 * session.
 */

test('a mutual like between two members connects them and congratulates the one who completes it', async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Mutual like');

  const adaPage = await openDeckTab(ada.context, event.id);
  await expectTopCard(adaPage, bea.name);
  await adaPage.keyboard.press('ArrowRight');
  await expect(adaPage.getByText("You've gone through all available profiles!")).toBeVisible();
  await expect.poll(() => interactionTypes(ada, event.id)).toEqual({ [bea.id]: 'POSITIVE' });
  // One side only: no connection yet, and no congratulation.
  expect(await connectionsOf(ada)).toEqual([]);
  await expect(notice(adaPage, 'Congratulations! 🎉')).toHaveCount(0);

  const beaPage = await openDeckTab(bea.context, event.id);
  await expectTopCard(beaPage, ada.name);
  await connectButton(beaPage, ada.firstName).click();
  await expect(notice(beaPage, 'Congratulations! 🎉', `You're now connected with ${ada.name}!`)).toBeVisible();

  // Exactly one connection each, to the other, made at this event.
  const adaConnections = await connectionsOf(ada);
  const beaConnections = await connectionsOf(bea);
  expect(adaConnections.map((c) => ({ id: c.id, eventId: c.eventId }))).toEqual([{ id: bea.id, eventId: event.id }]);
  expect(beaConnections.map((c) => ({ id: c.id, eventId: c.eventId }))).toEqual([{ id: ada.id, eventId: event.id }]);

  // The Connections tab lists the other member, on both sides (Ada opens the page anew).
  await beaPage.getByRole('tab', { name: 'Connections' }).click();
  await expect(beaPage.getByRole('tabpanel').getByText(ada.name, { exact: true })).toBeVisible();
  await openMeetPage(adaPage, event.id);
  await adaPage.getByRole('tab', { name: 'Connections' }).click();
  await expect(adaPage.getByRole('tabpanel').getByText(bea.name, { exact: true })).toBeVisible();
  await expect(adaPage.getByText('No connections at this event yet')).toHaveCount(0);
});

test('arrow keys, the buttons and a mouse drag each send their interaction; Undo of a pass removes it', async ({ members }) => {
  // Seven attendees: six to swipe and one that stays.
  const { event } = await ownEvent(members, 'Swiper', { guests: ['Ivar', 'Juno', 'Kai', 'Lea', 'Milo', 'Nora'] });
  const member = await members.create({ tag: 'Swiper' });
  await joinEvent(member, event.id, { secret: event.joinSecret });
  const deck = await deckOf(member, event.id);
  expect(deck.length, 'the event has enough attendees for six swipes').toBeGreaterThanOrEqual(7);

  const page = await openDeckTab(member.context, event.id);
  await expect(page.getByRole('region', { name: 'How it works' })).toBeVisible();

  const swipes: { how: string; type: 'POSITIVE' | 'NEGATIVE'; act: (firstName: string) => Promise<void> }[] = [
    { how: 'ArrowRight', type: 'POSITIVE', act: () => page.keyboard.press('ArrowRight') },
    { how: 'ArrowLeft', type: 'NEGATIVE', act: () => page.keyboard.press('ArrowLeft') },
    { how: 'Connect button', type: 'POSITIVE', act: (firstName) => connectButton(page, firstName).click() },
    { how: 'Pass button', type: 'NEGATIVE', act: (firstName) => passButton(page, firstName).click() },
    { how: 'drag right', type: 'POSITIVE', act: () => dragTopCard(page, 'right') },
    { how: 'drag left', type: 'NEGATIVE', act: () => dragTopCard(page, 'left') },
  ];
  const expected: Record<string, string> = {};
  for (const [index, swipe] of swipes.entries()) {
    const candidate = deck[index]!;
    await test.step(`${swipe.how} on ${candidate.firstName} ${candidate.lastName}`, async () => {
      await expectTopCard(page, `${candidate.firstName} ${candidate.lastName}`);
      await swipe.act(candidate.firstName);
      const next = deck[index + 1]!;
      await expectTopCard(page, `${next.firstName} ${next.lastName}`);
      expected[candidate.id] = swipe.type;
      await expect.poll(() => interactionTypes(member, event.id), { message: `${swipe.how} reached the server` }).toEqual(expected);
    });
  }

  // A card that is dragged only a little springs back and sends nothing.
  const stays = deck[swipes.length]!;
  await dragTopCard(page, 'right', 30);
  await expectTopCard(page, `${stays.firstName} ${stays.lastName}`);

  // Interactions tab: three of each; Undo of a pass removes it here and on the server.
  await page.getByRole('tab', { name: 'Interactions' }).click();
  await expect(page.getByRole('heading', { name: 'Interested In (3)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Passed (3)' })).toBeVisible();
  const undone = deck[1]!;
  const undoneName = `${undone.firstName} ${undone.lastName}`;
  await page
    .getByRole('region', { name: 'Passed' })
    .getByRole('button', { name: `Undo ${undoneName}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Passed (2)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Passed' }).getByText(undoneName)).toHaveCount(0);
  delete expected[undone.id];
  await expect.poll(() => interactionTypes(member, event.id), { message: 'the undo reached the server' }).toEqual(expected);
  expect(await interactionTypes(member, event.id)).toEqual(expected);
  expect(await connectionsOf(member)).toEqual([]);
});

test("a member who is not registered follows an event card's Network button, joins right there, sets a goal and meets the attendees", async ({ members }) => {
  // A community event of the member's connection, listed for them though they are not registered.
  // Its name has the featured keyword ('Festival' sorts first in the list), so its card is on the
  // list's first page whatever else is coming up. Bea is the deck's card (a connection is not).
  const { host, event } = await ownEvent(members, 'Unregistered', { guests: ['Bea'], name: `E2E Network Festival ${nameSuffix()}` });
  const member = await members.create({ tag: 'Unregistered' });
  await connectThroughShare(host, member);
  const page = await member.context.newPage();
  await page.goto('/events');
  await acceptCookieBanner(page);
  await page.locator(`a.event-network[href="/events/${event.id}/connect"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}/connect$`));
  await page.getByRole('button', { name: 'Join event' }).click();
  await expect(notice(page, 'Success', "You've successfully joined the event.")).toBeVisible();
  await page.getByLabel('Your goal for this event').fill('Find a co-founder for a logistics tool');
  await page.getByRole('button', { name: 'Add goal' }).click();
  await expect(page.getByRole('tab', { name: 'All Attendees' })).toBeVisible();
  await expect(page.getByRole('article')).toBeVisible();
  expect(await goalOf(member, event.id)).toBe('Find a co-founder for a logistics tool');
});

test('a registered member without role and story is sent back to the event with the reason', async ({ members }) => {
  const { event } = await ownEvent(members, 'No profile');
  const member = await members.create({ tag: 'No profile', completeProfile: false });
  await joinEvent(member, event.id, { secret: event.joinSecret });
  const page = await member.context.newPage();
  await page.goto(`/events/${event.id}/connect`);
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
  await expect(notice(page, 'Meet Attendees unavailable', 'Add your role and story to your profile to connect with attendees.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Profile to Connect' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'All Attendees' })).toHaveCount(0);
});

test('a member without PRO on a PRO-only event’s Meet page is told PRO is needed and lands on the upgrade', async ({ members }) => {
  const member = await members.create({ tag: 'No PRO' });
  // A PRO-only event of the demo data, as a member without PRO lists it: locked, no details.
  let locked: { id: string } | undefined;
  for (let page = 1; page <= 5 && !locked; page++) {
    const answer = await member.api.get(`/api/events?nonPassed=true&page=${page}&limit=${MAX_PAGE_SIZE}`);
    const { events } = (await answer.json()) as { events: Array<{ id: string; isProOnly: boolean; eventData?: unknown }> };
    locked = events.find((item) => item.isProOnly && item.eventData === undefined);
  }
  expect(locked, 'a PRO-only event in the demo data').toBeDefined();
  const page = await member.context.newPage();
  await page.goto(`/events/${locked!.id}/connect`);
  await expect(page).toHaveURL(new RegExp(`/events/${locked!.id}$`));
  await expect(notice(page, 'Meet Attendees unavailable', 'This event is for PRO members: upgrade to PRO to register and meet its attendees.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to view' })).toBeVisible();
});
