import { expect, type Page, type Request } from '@playwright/test';
import {
  connectionsOf,
  createCommunityEvent,
  deckOf,
  firstInDeck,
  goalOf,
  interactionsOf,
  interactionTypes,
  joinEvent,
  leaveEvent,
  likeByApi,
  test,
  type ApiMember,
  type MemberFactory,
} from '../support/api-session';
import { acceptCookieBanner, connectButton, dragTopCard, expectTopCard, notice, openDeckTab, openMeetPage, waitingToSync } from '../support/meet-page';
import { connectThroughShare, ownEvent } from '../support/own-events';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * Venue Wi-Fi: swipes, an undo and a goal edit made without network wait in the outbox, and reach
 * the server exactly once when it returns; a failing server is retried; a refused record is shown
 * with the server's reason. What reached the server is read with the member's own session, outside
 * the browser (tests/support/api-session.ts).
 */

/**
 * The sync engine backs off with full jitter (src/offline/retry.ts: up to 1 s, 2 s, 4 s ... after
 * each failed try, also the tries made while offline), so after reconnecting a record may wait for
 * its next try. This bounds that wait; it is not a timing the test asserts.
 */
const DELIVERY_TIMEOUT = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Venue {
  eventId: string;
  /** The member at the venue. */
  me: ApiMember;
  /** The other attendees in the order of the member's deck. */
  deck: ApiMember[];
}

/**
 * A community event whose attendees are all made here: its deck holds exactly these members, and
 * each of them can act through the API (a like that the member's replayed swipe completes).
 */
async function venue(members: MemberFactory, others: string[]): Promise<Venue> {
  const [hostName, ...guestNames] = others;
  const host = await members.create({ tag: 'Venue host', firstName: hostName });
  const event = await createCommunityEvent(host, `E2E venue ${Date.now().toString(36)}`);
  const attendees = [host];
  for (const firstName of guestNames) {
    const guest = await members.create({ tag: 'Venue guest', firstName });
    await joinEvent(guest, event.id, { secret: event.joinSecret });
    attendees.push(guest);
  }
  const me = await members.create({ tag: 'Venue me', firstName: 'Mona' });
  await joinEvent(me, event.id, { secret: event.joinSecret, goal: 'Meet people who ship offline-first apps.' });
  const order = await deckOf(me, event.id);
  expect(order.map((c) => c.id).sort()).toEqual(attendees.map((a) => a.id).sort());
  const deck = order.map((candidate) => attendees.find((a) => a.id === candidate.id)!);
  return { eventId: event.id, me, deck };
}

async function openInteractionsTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Interactions' }).click();
}

test('at the venue: the deck opens offline; swipes, an undo and a goal edit reach the server exactly once after reconnecting', async ({ members }) => {
  test.setTimeout(180_000);
  const { eventId, me, deck } = await venue(members, ['Hana', 'Ivar', 'Juno', 'Kai']);
  const [first, second, third, fourth] = deck as [ApiMember, ApiMember, ApiMember, ApiMember];
  const newGoal = 'Find two engineers to pair with on sync conflicts.';
  const page = await me.context.newPage();

  await test.step('opened once online, with the service worker in control', async () => {
    await openMeetPage(page, eventId);
    await acceptCookieBanner(page);
    await expectTopCard(page, first.name);
    await waitForServiceWorkerControl(page);
  });

  await me.context.setOffline(true);
  // Meanwhile the third attendee likes the member: her right swipe on them completes a mutual like.
  await likeByApi(third, me.id, eventId);

  await test.step('reloaded without network, the app opens on the deck', async () => {
    await page.reload();
    await expectTopCard(page, first.name);
    await expect(page.getByText(/you're offline/i)).toBeVisible();
  });

  await test.step('right by mouse drag, left by keyboard, right by the button', async () => {
    await dragTopCard(page, 'right');
    await expectTopCard(page, second.name);
    await page.keyboard.press('ArrowLeft');
    await expectTopCard(page, third.name);
    await connectButton(page, third.firstName).click();
    await expectTopCard(page, fourth.name);
  });

  await test.step('undo of the pass in the Interactions tab', async () => {
    await openInteractionsTab(page);
    await expect(page.getByRole('heading', { name: 'Interested In (2)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Passed (1)' })).toBeVisible();
    await page
      .getByRole('region', { name: 'Passed' })
      .getByRole('button', { name: `Undo ${second.name}` })
      .click();
    await expect(page.getByRole('heading', { name: 'Passed (0)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Interested In (2)' })).toBeVisible();
  });

  await test.step('goal edited on the event page', async () => {
    await page.getByRole('link', { name: 'Back to event' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
    await page.getByRole('button', { name: 'Edit goal' }).click();
    await page.getByRole('textbox', { name: 'My goal for this event' }).fill(newGoal);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(newGoal, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'My goal for this event' })).toHaveCount(0);
  });

  await test.step('back where the member swipes: two swipes and the goal wait to sync', async () => {
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/events/${eventId}/connect$`));
    // The pass was undone before it was ever sent, so it does not wait.
    await expect(waitingToSync(page)).toHaveText('3 waiting to sync');
  });

  await me.context.setOffline(false);

  await test.step('reconnected: the replay completes the mutual like and everything is delivered', async () => {
    await expect(notice(page, 'Congratulations! 🎉', `You're now connected with ${third.name}!`)).toBeVisible({ timeout: DELIVERY_TIMEOUT });
    await expect(waitingToSync(page)).toHaveCount(0, { timeout: DELIVERY_TIMEOUT });
  });

  await test.step('the server has exactly the intended interactions and goal, once', async () => {
    expect(await interactionTypes(me, eventId)).toEqual({ [first.id]: 'POSITIVE', [third.id]: 'POSITIVE' });
    expect(await interactionsOf(me, eventId)).toHaveLength(2);
    expect(await goalOf(me, eventId)).toBe(newGoal);
    expect((await connectionsOf(me)).map((c) => c.id)).toEqual([third.id]);
    expect((await connectionsOf(third)).map((c) => c.id)).toEqual([me.id]);
  });
});

test('swipes made offline on an open page are replayed exactly once, and a mutual like completed by the replay is congratulated', async ({ members }) => {
  test.setTimeout(120_000);
  const { eventId, me, deck } = await venue(members, ['Lea', 'Milo', 'Nora']);
  const [first, second, third] = deck as [ApiMember, ApiMember, ApiMember];
  const page = await openDeckTab(me.context, eventId);
  await expectTopCard(page, first.name);
  // A look at the Interactions tab while online; the journey above covers what is there without ever opening it.
  await openInteractionsTab(page);
  await expect(page.getByRole('heading', { name: 'Passed (0)' })).toBeVisible();
  await page.getByRole('tab', { name: 'All Attendees' }).click();
  // Offline works after one visit, once the service worker holds the app's files: before that, the
  // outbox's sync code, loaded after the first screen, could not load without network.
  await waitForServiceWorkerControl(page);

  await me.context.setOffline(true);
  await likeByApi(first, me.id, eventId);
  await expect(page.getByText(/you're offline/i)).toBeVisible();
  await dragTopCard(page, 'right');
  await expectTopCard(page, second.name);
  await page.keyboard.press('ArrowLeft');
  await expectTopCard(page, third.name);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText("You've gone through all available profiles!")).toBeVisible();
  await expect(waitingToSync(page)).toHaveText('3 waiting to sync');

  // Undo of a pass that was never sent takes it out of the queue.
  await openInteractionsTab(page);
  await page
    .getByRole('region', { name: 'Passed' })
    .getByRole('button', { name: `Undo ${second.name}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Passed (0)' })).toBeVisible();
  await expect(waitingToSync(page)).toHaveText('2 waiting to sync');

  await me.context.setOffline(false);
  await expect(notice(page, 'Congratulations! 🎉', `You're now connected with ${first.name}!`)).toBeVisible({ timeout: DELIVERY_TIMEOUT });
  await expect(waitingToSync(page)).toHaveCount(0, { timeout: DELIVERY_TIMEOUT });
  expect(await interactionTypes(me, eventId)).toEqual({ [first.id]: 'POSITIVE', [third.id]: 'POSITIVE' });
  expect(await interactionsOf(me, eventId)).toHaveLength(2);
  expect((await connectionsOf(me)).map((c) => c.id)).toEqual([first.id]);
});

test('a server that fails the first two tries with 500 still gets the swipe exactly once', async ({ members }) => {
  test.setTimeout(120_000);
  const { eventId, me, deck } = await venue(members, ['Olga']);
  const [host] = deck as [ApiMember];

  // Every try of the swipe, whether the page or its service worker sends it.
  const tries: Request[] = [];
  await me.context.route('**/api/users/interactions/positive', async (route) => {
    tries.push(route.request());
    if (tries.length <= 2) {
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal server error' }) });
    } else {
      await route.continue();
    }
  });

  const page = await openDeckTab(me.context, eventId);
  await expectTopCard(page, host.name);
  await connectButton(page, host.firstName).click();
  await expect(page.getByText("You've gone through all available profiles!")).toBeVisible();

  await expect.poll(() => tries.length, { message: 'the swipe was tried again after two 500s', timeout: DELIVERY_TIMEOUT }).toBeGreaterThanOrEqual(3);
  await expect(waitingToSync(page)).toHaveCount(0, { timeout: DELIVERY_TIMEOUT });
  expect(tries, 'no try after the one that got through').toHaveLength(3);
  // Each try is the same record: one Idempotency-Key, a UUID, and the same body.
  const keys = await Promise.all(tries.map((request) => request.headerValue('idempotency-key')));
  expect(keys[0]).toMatch(UUID);
  expect(new Set(keys).size).toBe(1);
  expect(new Set(tries.map((request) => request.postData())).size).toBe(1);
  expect(await interactionTypes(me, eventId)).toEqual({ [host.id]: 'POSITIVE' });
  expect(await interactionsOf(me, eventId)).toHaveLength(1);
});

test('a swipe the server refuses with 403 is shown as failed with its reason, and Discard removes it', async ({ members }) => {
  test.setTimeout(120_000);
  // An event the member still sees after leaving it (its host is their connection), so the swipe is
  // refused as a non-attendee's (403), not hidden (404). Quinn is the deck's card (a connection is not).
  const { host, event } = await ownEvent(members, 'Refused', { guests: ['Quinn'] });
  const me = await members.create({ tag: 'Refused', firstName: 'Pia' });
  await connectThroughShare(host, me);
  await joinEvent(me, event.id);
  const candidate = await firstInDeck(me, event.id);

  const page = await openDeckTab(me.context, event.id);
  await expectTopCard(page, candidate.name);

  await me.context.setOffline(true);
  await connectButton(page, candidate.firstName).click();
  await expect(waitingToSync(page)).toHaveText('1 waiting to sync');
  // Meanwhile, from elsewhere (another device), the member leaves the event.
  await leaveEvent(me, event.id);
  await me.context.setOffline(false);

  // The refused swipe: which one, the server's reason, and a way to drop it.
  const failed = page.getByRole('listitem').filter({ hasText: 'Only attendees of this event can do this' });
  await expect(failed).toBeVisible({ timeout: DELIVERY_TIMEOUT });
  await expect(failed).toContainText(candidate.name);
  await expect(waitingToSync(page)).toHaveCount(0);
  expect(await interactionsOf(me, event.id)).toEqual([]);

  await failed.getByRole('button', { name: 'Discard' }).click();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Discard' })).toHaveCount(0);
  expect(await interactionsOf(me, event.id)).toEqual([]);
});
