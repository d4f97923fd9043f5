import { expect, type Page } from '@playwright/test';
import { adaAndBeaAtOwnEvent, deviceOf, joinEvent, likeByApi, test, type ApiMember, type MemberFactory } from '../support/api-session';
import { acceptCookieBanner, connectButton, expectTopCard, openMeetPage, passButton, topCard } from '../support/meet-page';
import { ownEvent } from '../support/own-events';

/**
 * The deck on a phone: at every phone size the whole deck (card, its text, Pass and
 * Connect) is above the bottom navigation without scrolling, with 'How it works' still there; the
 * event is named in the header; the keyboard tip is for mouse users; members without a photo get
 * their initials; the empty deck offers a next step; and a second device never shows a card the
 * member already swiped elsewhere.
 */

const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
];

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where things are on screen, read in one go. */
async function layoutOf(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null): Box | null => {
      if (!element) return null;
      const r = element.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const card = document.querySelector('.swipe-card--top');
    return {
      viewport: { width: innerWidth, height: innerHeight },
      scrollHeight: document.scrollingElement!.scrollHeight,
      nav: box(document.querySelector('nav.bottom-nav')),
      card: box(card),
      // What the card shows (a part left out on a short phone has no box).
      cardText: [...(card?.querySelectorAll('.swipe-card-body > *') ?? [])]
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => box(element)!),
      buttons: [...document.querySelectorAll('.swipe-actions button')].map((element) => box(element)!),
      tabs: [...document.querySelectorAll('[role="tab"]')].map((element) => box(element)!),
    };
  });
}

/**
 * A member at an event of three attendees whose cards are as full as the demo summit's: photo,
 * role, location, a story long enough to be clamped, and a goal; the event is named as the summit.
 */
async function deckOfThree(members: MemberFactory, tag: string): Promise<{ member: ApiMember; eventId: string }> {
  const name = `Nordic Tech Summit ${new Date().getUTCFullYear()}`;
  const { event } = await ownEvent(members, tag, { guests: ['Ivar', 'Juno'], fullCards: true, name });
  const member = await members.create({ tag });
  await joinEvent(member, event.id, { secret: event.joinSecret });
  return { member, eventId: event.id };
}

const inside = (inner: Box, outer: Box) =>
  inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5 && inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5;

for (const size of PHONES) {
  test(`on a ${size.width}x${size.height} phone the whole deck fits above the navigation, with no scrolling`, async ({ members, browser }) => {
    const { member, eventId } = await deckOfThree(members, `Phone ${size.width}`);
    const phone = await deviceOf(browser, member, { viewport: size, hasTouch: true, isMobile: true });
    try {
      const page = await phone.newPage();
      await openMeetPage(page, eventId);
      await acceptCookieBanner(page);
      await expect(topCard(page)).toBeVisible();
      // 'How it works' is still there: it has to fit too.
      await expect(page.getByRole('region', { name: 'How it works' })).toBeVisible();

      const layout = await layoutOf(page);
      expect(layout.scrollHeight, 'the page scrolls').toBeLessThanOrEqual(layout.viewport.height);
      const navTop = layout.nav!.top;
      expect(navTop).toBeLessThan(layout.viewport.height);
      const screen = { top: 0, left: 0, right: layout.viewport.width, bottom: navTop };
      expect(inside(layout.card!, screen), 'the card is above the navigation').toBe(true);
      expect(layout.buttons).toHaveLength(2);
      for (const button of layout.buttons) expect(inside(button, screen), 'Pass and Connect are above the navigation').toBe(true);
      for (const line of layout.cardText) expect(inside(line, layout.card!), 'the card text is within the card').toBe(true);
      // 'All Attendees' and the other tabs each on one line, side by side.
      const tabTops = new Set(layout.tabs.map((tab) => Math.round(tab.top)));
      expect(tabTops.size).toBe(1);
      for (const tab of layout.tabs) expect(tab.bottom - tab.top).toBeLessThan(44);

      await expect(page.getByText('Tip: use the Left and Right arrow keys, and Ctrl+Z to undo.')).toBeHidden();
      await expect(page.locator('.meet-event-name')).toHaveText(/^Nordic Tech Summit \d{4}$/);
      const pass = passButton(page, (await topCard(page).getAttribute('aria-label'))!.split(' ')[0]!);
      await expect(pass).toBeInViewport({ ratio: 1 });
    } finally {
      await phone.close();
    }
  });
}

test('on a desktop the deck stays in view beside "How it works", and the keyboard tip shows', async ({ members, browser }) => {
  const { member, eventId } = await deckOfThree(members, 'Desktop deck');
  const laptop = await deviceOf(browser, member, { viewport: { width: 1366, height: 850 } });
  try {
    const page = await laptop.newPage();
    await openMeetPage(page, eventId);
    await acceptCookieBanner(page);
    await expect(page.getByRole('region', { name: 'How it works' }).getByText('When the interest is mutual, you are connected.')).toBeVisible();
    const layout = await layoutOf(page);
    for (const button of layout.buttons) expect(button.bottom).toBeLessThanOrEqual(layout.viewport.height);
    expect(layout.scrollHeight).toBeLessThanOrEqual(layout.viewport.height);
    await expect(page.getByText('Tip: use the Left and Right arrow keys, and Ctrl+Z to undo.')).toBeVisible();
  } finally {
    await laptop.close();
  }
});

test('a member without a photo shows initials on a colour, story and goal open on a tap, and the empty deck offers a next step', async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'No photo');
  const page = await ada.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await openMeetPage(page, event.id);
  await acceptCookieBanner(page);
  await expectTopCard(page, bea.name);
  const initials = topCard(page).locator('.avatar--initials');
  await expect(initials).toHaveText(`B${bea.lastName[0]!.toUpperCase()}`);
  expect(await initials.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');

  const text = topCard(page).getByRole('button', { name: /show all/ });
  await text.click();
  await expect(topCard(page).getByRole('button', { name: /show less/ })).toHaveAttribute('aria-expanded', 'true');

  await connectButton(page, 'Bea').click();
  await expect(page.getByText("You've gone through all available profiles!")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your other events' })).toHaveAttribute('href', '/events?tab=attending');
  await page.getByRole('button', { name: 'See your connections here' }).click();
  await expect(page.getByRole('tab', { name: 'Connections' })).toHaveAttribute('aria-selected', 'true');
});

test('a second device that cached the deck never shows a member already liked on the phone', async ({ members, browser }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Two devices');
  const cy = await members.create({ tag: 'Two devices C', firstName: 'Cy' });
  await joinEvent(cy, event.id, { secret: event.joinSecret });

  // The laptop opens the deck first and keeps it (persisted query cache, service worker).
  const laptop = await deviceOf(browser, ada);
  try {
    const first = await laptop.newPage();
    await openMeetPage(first, event.id);
    await acceptCookieBanner(first);
    await expect(topCard(first)).toBeVisible();
    const topBefore = await topCard(first).getAttribute('aria-label');
    await first.close();

    // On the phone, Ada likes whoever was on top.
    const liked = topBefore === bea.name ? bea : cy;
    const other = liked === bea ? cy : bea;
    await likeByApi(ada, liked.id, event.id);

    // Back on the laptop, online: every card that ever shows is recorded.
    const again = await laptop.newPage();
    await again.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenCards: string[] }).seenCards = seen;
      new MutationObserver(() => {
        for (const card of document.querySelectorAll('article.swipe-card--top')) {
          const name = card.getAttribute('aria-label');
          if (name && !seen.includes(name)) seen.push(name);
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await openMeetPage(again, event.id);
    await expectTopCard(again, other.name);
    expect(await again.evaluate(() => (window as unknown as { seenCards: string[] }).seenCards)).toEqual([other.name]);
  } finally {
    await laptop.close();
  }
});
