import { NETWORK_HANGS_QUESTION } from '../../contract/network-question';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createCommunityEvent, deckOf, interactionsOf, joinEvent, likeByApi, test, type ApiMember } from '../support/api-session';
import { startDelayingProxy, type DelayingProxy } from '../support/delaying-proxy';
import { acceptCookieBanner, connectButton, expectTopCard, passButton, topCard, waitingToSync } from '../support/meet-page';
import { connectThroughShare, ownEvent } from '../support/own-events';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * Venue Wi-Fi that connects but hangs: the app served through a proxy that holds every request
 * (tests/support/delaying-proxy.ts). After one online visit, each main screen shows what the
 * device holds at once, far sooner than the worker's 3 s fallback to its stored answers, then
 * brings in the network's answer when it comes and says how fresh it is; a swipe made meanwhile
 * is sent again after its hung request is abandoned, and lands once.
 */

/** Well under the worker's 3 s fallback, and generous for a busy machine: the device's copy, not the network's. */
const FROM_DEVICE_MS = 1500;

test.describe.configure({ timeout: 150_000 });

/** A browser of `member` that reaches the app through `proxy`, phone-sized. */
async function throughProxy(member: ApiMember, proxy: DelayingProxy, browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: proxy.origin, storageState: await member.context.storageState(), viewport: { width: 390, height: 844 } });
}

/** What the service worker answers a page that asks whether the network hangs. */
function workerSeesHang(page: Page): Promise<boolean> {
  return page.evaluate(
    (question) =>
      new Promise<boolean>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent) => resolve((event.data as { hangs: boolean }).hangs);
        navigator.serviceWorker.controller!.postMessage({ type: question }, [channel.port2]);
      }),
    NETWORK_HANGS_QUESTION,
  );
}

/** Opens `path` online until the worker holds it, and returns the page with `content` shown. */
async function visitOnline(page: Page, path: string, content: Locator): Promise<void> {
  await page.goto(path);
  await expect(content).toBeVisible();
  await waitForServiceWorkerControl(page);
  await page.reload();
  await expect(content).toBeVisible();
  // The persisted query cache is written at most once a second.
  await page.waitForTimeout(1500);
}

test('with the network hanging, every main screen opens from the device at once, then shows the fresh answer and how fresh it is', async ({
  members,
  browser,
}) => {
  const { event, name, host } = await ownEvent(members, 'Hanging', { guests: ['Ada', 'Cy'] });
  const bea = await members.create({ tag: 'Hanging', firstName: 'Bea' });
  await joinEvent(bea, event.id, { secret: event.joinSecret });
  await connectThroughShare(host, bea);
  const proxy = await startDelayingProxy(test.info().project.use.baseURL!);
  const context = await throughProxy(bea, proxy, browser);
  try {
    const page = await context.newPage();
    await page.goto('/events');
    await acceptCookieBanner(page);
    const screens: Array<{ path: string; content: Locator }> = [
      { path: '/events?tab=attending', content: page.getByRole('heading', { name, level: 3 }).first() },
      { path: `/events/${event.id}`, content: page.getByRole('heading', { level: 1, name }) },
      { path: `/events/${event.id}/connect`, content: topCard(page) },
      { path: '/connections', content: page.getByRole('link', { name: new RegExp(host.name) }) },
      { path: '/feed', content: page.getByRole('article', { name: host.name }).first() },
    ];
    for (const screen of screens) await visitOnline(page, screen.path, screen.content);

    // Meanwhile Bea registers for another event elsewhere: her events list (asked again at every
    // opening) shows it once the network answers.
    const other = await createCommunityEvent(host, `${name} afterparty`);
    await joinEvent(bea, other.id, { secret: other.joinSecret });
    proxy.delayMs = 6000;
    for (const screen of screens) {
      const started = Date.now();
      await page.goto(screen.path, { waitUntil: 'commit' });
      await expect(screen.content, `${screen.path} from the device`).toBeVisible({ timeout: FROM_DEVICE_MS });
      expect(Date.now() - started, screen.path).toBeLessThan(FROM_DEVICE_MS + 500);
    }

    // The list the device holds first, then the network's answer, with the line saying it is updating.
    await page.goto('/events?tab=attending', { waitUntil: 'commit' });
    const afterparty = page.getByRole('heading', { name: `${name} afterparty`, level: 3 });
    await expect(screens[0]!.content).toBeVisible({ timeout: FROM_DEVICE_MS });
    await expect(afterparty).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^Updating…$/ })).toBeVisible({ timeout: 20_000 });
    await expect(afterparty).toBeVisible({ timeout: 20_000 });
    await expect(screens[0]!.content).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Updating…$|^Last updated/ })).toHaveCount(0, { timeout: 20_000 });
  } finally {
    proxy.delayMs = 0;
    await context.close();
    await proxy.close();
  }
});

test("the deck from the device while the network hangs: when the network's answer comes, the top card stays, a card swiped elsewhere leaves, a newcomer joins the end", async ({
  members,
  browser,
}) => {
  const { event, host, guests } = await ownEvent(members, 'Hanging deck', { guests: ['Ada', 'Cy', 'Dee'] });
  const bea = await members.create({ tag: 'Hanging deck', firstName: 'Bea' });
  await joinEvent(bea, event.id, { secret: event.joinSecret, goal: 'Looking for a harpsichord tuner' });
  const proxy = await startDelayingProxy(test.info().project.use.baseURL!);
  const context = await throughProxy(bea, proxy, browser);
  try {
    const page = await context.newPage();
    await page.goto('/events');
    await acceptCookieBanner(page);
    const deckPath = `/events/${event.id}/connect`;
    await visitOnline(page, deckPath, topCard(page));
    const top = (await topCard(page).getAttribute('aria-label'))!;
    const everyone = [host, ...guests];

    // Meanwhile, on her phone, Bea likes someone further down; Eve registers.
    const elsewhere = everyone.find((member) => member.name !== top)!;
    await likeByApi(bea, elsewhere.id, event.id);
    const eve = await members.create({ tag: 'Hanging deck', firstName: 'Eve' });
    expect((await eve.api.patch('/api/users/me', { data: { role: 'Harpsichord tuner' } })).status()).toBe(200);
    await joinEvent(eve, event.id, { secret: event.joinSecret });
    // The server ranks Eve, who is what Bea looks for, first: the device shows her last.
    expect((await deckOf(bea, event.id))[0]?.id).toBe(eve.id);

    // The network hangs; a screen opened first lets the worker see it, then the deck opens at once.
    proxy.delayMs = 6000;
    await page.goto('/events', { waitUntil: 'commit' });
    await expect.poll(() => workerSeesHang(page), { timeout: 10_000 }).toBe(true);
    const started = Date.now();
    await page.goto(deckPath, { waitUntil: 'commit' });
    await expectTopCard(page, top);
    expect(Date.now() - started, 'the deck from the device').toBeLessThan(FROM_DEVICE_MS + 500);

    const freshnessLine = page.getByRole('status').filter({ hasText: /^Updating…$|^Last updated/ });
    await expect(freshnessLine).toHaveText('Updating…');

    // The network's answers come (the held ones late; what changed is read again at once): the card
    // on top does not move; the rest follow in order.
    proxy.delayMs = 0;
    await expect.poll(() => proxy.outstanding, { timeout: 30_000 }).toBe(0);
    await expect(freshnessLine).toHaveCount(0, { timeout: 20_000 });
    await expectTopCard(page, top);
    const seen: string[] = [];
    for (let card = 0; card < everyone.length; card++) {
      const name = (await topCard(page).getAttribute('aria-label'))!;
      seen.push(name);
      await passButton(page, name.split(' ')[0]!).click();
      await expect(page.getByRole('article', { name, exact: true })).toHaveCount(0);
    }
    await expect(page.getByText("You've gone through all available profiles!")).toBeVisible();
    expect(seen[0]).toBe(top);
    expect(seen).not.toContain(elsewhere.name);
    expect(seen.at(-1)).toBe(eve.name);
  } finally {
    proxy.delayMs = 0;
    await context.close();
    await proxy.close();
  }
});

test('a swipe made while the network hangs is sent again after its hung request is abandoned, and lands once', async ({ members, browser }) => {
  const { event, host } = await ownEvent(members, 'Hanging swipe', { guests: ['Ada'] });
  const bea = await members.create({ tag: 'Hanging swipe', firstName: 'Bea' });
  await joinEvent(bea, event.id, { secret: event.joinSecret });
  await likeByApi(host, bea.id, event.id);
  const proxy = await startDelayingProxy(test.info().project.use.baseURL!);
  const context = await throughProxy(bea, proxy, browser);
  try {
    const page = await context.newPage();
    await page.goto(`/events/${event.id}/connect`);
    await acceptCookieBanner(page);
    await visitOnline(page, `/events/${event.id}/connect`, topCard(page));
    const first = (await topCard(page).getAttribute('aria-label'))!;

    // Longer than the outbox waits for an answer (15 s): the first try is abandoned, not answered.
    proxy.delayMs = 25_000;
    await connectButton(page, first.split(' ')[0]!).click();
    await expect(waitingToSync(page)).toHaveText('1 waiting to sync');
    await page.waitForTimeout(16_000);
    // Abandoned and waiting again: still one write waiting, none lost, none counted twice.
    await expect(waitingToSync(page)).toHaveText('1 waiting to sync');
    proxy.delayMs = 0;
    await expect(waitingToSync(page)).toHaveCount(0, { timeout: 40_000 });
    // The abandoned request reaches the server late too: the Idempotency-Key makes it the same write.
    await expect.poll(() => proxy.outstanding, { timeout: 20_000 }).toBe(0);
    const interactions = await interactionsOf(bea, event.id);
    expect(interactions.map((interaction) => [interaction.toUser.firstName, interaction.type])).toEqual([[first.split(' ')[0], 'POSITIVE']]);
  } finally {
    proxy.delayMs = 0;
    await context.close();
    await proxy.close();
  }
});
