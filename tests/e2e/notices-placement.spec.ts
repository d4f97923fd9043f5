import { expect, type Page } from '@playwright/test';
import { deviceOf, joinEvent, likeByApi, test } from '../support/api-session';
import { acceptCookieBanner, notice, openMeetPage, topCard } from '../support/meet-page';
import { ownEvent } from '../support/own-events';
import { waitForServiceWorkerControl } from '../support/pwa';
import { standInForPushService } from '../support/push-subscription';

/**
 * Notices sit at the foot of the screen and the screen makes room for them: on a phone neither the
 * connection's notice nor the prompt after it covers the header, the Back button, the deck's tabs,
 * Pass and Connect or the bottom navigation.
 */

interface Box {
  name: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The notices on screen, and the controls named by `selectors` that are visible, in one read. */
async function boxesOf(page: Page, selectors: string[]): Promise<{ notices: Box[]; controls: Box[]; scrolls: boolean }> {
  return page.evaluate((controls) => {
    const box = (element: Element, name: string) => {
      const r = element.getBoundingClientRect();
      return { name, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const visible = (element: Element) => element.getBoundingClientRect().height > 0;
    return {
      notices: [...document.querySelectorAll('.toast, .connection-prompt')].map((element) => box(element, element.className)),
      controls: controls.flatMap((selector) =>
        [...document.querySelectorAll(selector)].filter(visible).map((element) => box(element, `${selector} "${element.textContent?.trim().slice(0, 30)}"`)),
      ),
      scrolls: document.scrollingElement!.scrollHeight > innerHeight,
    };
  }, selectors);
}

const overlaps = (a: Box, b: Box) => a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5 && a.left < b.right - 0.5 && b.left < a.right - 0.5;

/** The pairs (notice, control) that overlap: none is the answer wanted. */
function covered({ notices, controls }: { notices: Box[]; controls: Box[] }): string[] {
  return notices.flatMap((n) => controls.filter((c) => overlaps(n, c)).map((c) => `${n.name} over ${c.name}`));
}

test('on a phone, a new connection’s notice and the prompt after it leave the deck’s header, tabs, buttons and navigation free', async ({
  members,
  browser,
}) => {
  const { event, host, guests } = await ownEvent(members, 'Notices deck', { guests: ['Ada', 'Cy'] });
  const bea = await members.create({ tag: 'Notices deck', firstName: 'Bea' });
  await joinEvent(bea, event.id, { secret: event.joinSecret });
  // Everyone liked Bea already: whoever is on top, Connect makes a connection, and a card is left.
  await Promise.all([host, ...guests].map((member) => likeByApi(member, bea.id, event.id)));
  const phone = await deviceOf(browser, bea, { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  try {
    await standInForPushService(phone);
    const page = await phone.newPage();
    await openMeetPage(page, event.id);
    await acceptCookieBanner(page);
    await waitForServiceWorkerControl(page);
    const first = (await topCard(page).getAttribute('aria-label')) ?? '';
    await page.getByRole('button', { name: /^Connect with / }).click();
    await expect(notice(page, 'Congratulations! 🎉', `You're now connected with ${first}!`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Get notified about new connections?' })).toBeVisible();
    await expect(topCard(page)).not.toHaveAccessibleName(first);

    // The deck fits the screen: every control on it must stay free.
    const controls = ['h1', 'main a', 'main button', '[role="tab"]', 'nav.bottom-nav a'];
    await expect.poll(async () => covered(await boxesOf(page, controls))).toEqual([]);
    const layout = await boxesOf(page, controls);
    expect(layout.notices).toHaveLength(2);
    await expect(page.getByRole('button', { name: /^Pass on / })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: /^Connect with / })).toBeInViewport({ ratio: 1 });
    expect(layout.scrolls, 'the deck still fits the screen').toBe(false);
    for (const control of layout.controls) expect(control.bottom, control.name).toBeLessThanOrEqual(640.5);
  } finally {
    await phone.close();
  }
});

test('on a phone, a notice on an event’s page leaves its Back button, title and navigation free', async ({ members, browser }) => {
  const { event, name } = await ownEvent(members, 'Notices page');
  const bea = await members.create({ tag: 'Notices page', firstName: 'Bea' });
  await joinEvent(bea, event.id, { secret: event.joinSecret });
  const phone = await deviceOf(browser, bea, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const page = await phone.newPage();
    await page.goto(`/events/${event.id}`);
    await acceptCookieBanner(page);
    await page.getByRole('button', { name: 'Leave event' }).click();
    await page.getByRole('dialog', { name: 'Leave event' }).getByRole('button', { name: 'Leave event' }).click();
    await expect(notice(page, 'You left the event', `You're no longer registered for "${name}".`)).toBeVisible();

    await expect.poll(async () => covered(await boxesOf(page, ['h1', '.event-back', 'nav.bottom-nav a']))).toEqual([]);
    // The page's end scrolls above the notice: its last links and buttons are free there.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
        return covered(await boxesOf(page, ['main a', 'main button', 'nav.bottom-nav a']));
      })
      .toEqual([]);
  } finally {
    await phone.close();
  }
});
