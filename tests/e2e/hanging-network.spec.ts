import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createCommunityEvent, interactionsOf, joinEvent, likeByApi, test, type ApiMember } from '../support/api-session';
import { startDelayingProxy, type DelayingProxy } from '../support/delaying-proxy';
import { acceptCookieBanner, connectButton, topCard, waitingToSync } from '../support/meet-page';
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
