/**
 * The Meet Attendees page (/events/{id}/connect) as a user works it: the top card of the deck,
 * the arrow keys, the Connect and Pass buttons, and a mouse drag of the card.
 */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/** Far enough past the app's swipe distance that any reasonable threshold counts it as a swipe. */
const DRAG_DISTANCE_PX = 300;

/** The cookie banner's own 'Got it' (the 'How it works' card has a button of the same name). */
export async function acceptCookieBanner(page: Page): Promise<void> {
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: 'Got it' }).click();
  await expect(banner).toBeHidden();
}

export async function openMeetPage(page: Page, eventId: string): Promise<void> {
  await page.goto(`/events/${eventId}/connect`);
  await expect(page.getByRole('tab', { name: 'All Attendees' })).toBeVisible();
}

/** A new tab of the member's browser on the Meet page of the event, past the cookie banner. */
export async function openDeckTab(context: BrowserContext, eventId: string): Promise<Page> {
  const page = await context.newPage();
  await openMeetPage(page, eventId);
  await acceptCookieBanner(page);
  return page;
}

/** The card on top of the deck: the cards behind it are hidden from assistive technology. */
export function topCard(page: Page): Locator {
  return page.getByRole('article');
}

export async function expectTopCard(page: Page, name: string): Promise<void> {
  await expect(topCard(page)).toHaveAccessibleName(name);
}

/** Presses the mouse on the top card, drags it sideways (by default past the threshold) and lets go. */
export async function dragTopCard(page: Page, direction: 'right' | 'left', distance = DRAG_DISTANCE_PX): Promise<void> {
  // The mouse can only press what is on screen: below the 'How it works' card the deck may not be.
  await topCard(page).scrollIntoViewIfNeeded();
  const box = await topCard(page).boundingBox();
  if (!box) throw new Error('The deck shows no card to drag');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (direction === 'right' ? distance : -distance), y + 10, { steps: 15 });
  await page.mouse.up();
}

export function connectButton(page: Page, firstName: string): Locator {
  return page.getByRole('button', { name: `Connect with ${firstName}` });
}

export function passButton(page: Page, firstName: string): Locator {
  return page.getByRole('button', { name: `Pass on ${firstName}` });
}

/** A notice of the toaster with this title (and description, when given). */
export function notice(page: Page, title: string, description?: string): Locator {
  const titled = page.getByRole('status').filter({ hasText: title });
  return description === undefined ? titled : titled.filter({ hasText: description });
}

/** 'n waiting to sync', where the member swipes. */
export function waitingToSync(page: Page): Locator {
  return page.getByText(/^\d+ waiting to sync$/);
}
