import { expect, type Page } from '@playwright/test';
import { deviceOf, joinEvent, test } from '../support/api-session';
import { acceptCookieBanner } from '../support/meet-page';
import { connectThroughShare, ownEvent, threeDays } from '../support/own-events';

/**
 * An event's page on a phone: the member's primary action ('Register Now' before joining,
 * 'Connect with Attendees' after) is in view above the bottom navigation when the page opens, at
 * every phone size from 360x640 to 430x932, and 'Connect with Attendees' keeps to one line.
 */

const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
];

/** The action's box and the navigation's top, at the page's first view (not scrolled). */
async function placeOf(page: Page, name: string) {
  const action = page.getByRole('button', { name, exact: true });
  await expect(action).toBeVisible();
  const box = (await action.boundingBox())!;
  const navTop = await page.locator('nav.bottom-nav').evaluate((nav) => nav.getBoundingClientRect().top);
  const scrolled = await page.evaluate(() => window.scrollY);
  return { box, navTop, scrolled };
}

test('on every phone size the primary action of an event is in view above the navigation', async ({ members, browser }) => {
  // A community event of the member's connection: they see it without being registered ('Register
  // Now'), then join it. Named as the demo summit and as long (a date range and times), its header
  // is as tall as the summit's: its 'Community event' badge takes the line of the summit's organizer.
  const { host, event } = await ownEvent(members, 'Event on a phone', {
    name: `Nordic Tech Summit ${new Date().getUTCFullYear()}`,
    ...threeDays(),
  });
  const member = await members.create({ tag: 'Event on a phone' });
  await connectThroughShare(host, member);
  const phone = await deviceOf(browser, member, { viewport: PHONES[0], hasTouch: true, isMobile: true });
  try {
    const page = await phone.newPage();
    for (const [name, join] of [
      ['Register Now', false],
      ['Connect with Attendees', true],
    ] as const) {
      if (join) await joinEvent(member, event.id);
      for (const size of PHONES) {
        await page.setViewportSize(size);
        await page.goto(`/events/${event.id}`);
        if (await page.getByRole('region', { name: 'Cookie consent' }).isVisible()) await acceptCookieBanner(page);
        const { box, navTop, scrolled } = await placeOf(page, name);
        const at = `${name} at ${size.width}x${size.height}`;
        expect(scrolled, at).toBe(0);
        expect(box.y, at).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${at}: above the navigation`).toBeLessThanOrEqual(navTop);
        // One line of text: a large button is 48 px high.
        expect(box.height, `${at}: one line`).toBeLessThanOrEqual(52);
      }
    }
  } finally {
    await phone.close();
  }
});
