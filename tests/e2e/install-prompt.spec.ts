import { expect, type Locator, type Page } from '@playwright/test';
import type { EventListItem, EventListResponse } from '../../contract/events';
import { SANITIZER_PROBE_EVENT_IDS } from '../../server/db/seed/constants';
import { test, type ApiMember } from '../support/api-session';
import { seriousViolations } from '../support/axe';

/**
 * Install: the app offers to install itself at a sensible moment. Chromium only fires
 * beforeinstallprompt for a real, engaged visitor, so the tests dispatch a synthetic one (an Event
 * with prompt() and userChoice, as Chromium's) after the page loaded; the app's listener is the
 * real one. On iPhone Safari (its user agent, and navigator.standalone which only Safari has) the
 * offer shows the add-to-home-screen steps.
 */

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

declare global {
  interface Window {
    fireInstallPrompt?: (outcome: 'accepted' | 'dismissed') => void;
    installPromptCalls?: number;
    installOffersStarted?: boolean;
  }
}

/** Answers the cookie banner and gives the page a way to fire Chromium's install event. */
async function prepare(page: Page, options: { seenBefore?: boolean } = {}): Promise<void> {
  await page.addInitScript((seenBefore) => {
    window.localStorage.setItem('mingle.cookieConsent', 'essential');
    if (seenBefore && !window.localStorage.getItem('mingle.installFirstSeenAt')) {
      window.localStorage.setItem('mingle.installFirstSeenAt', String(Date.now() - 86_400_000));
    }
    window.installPromptCalls = 0;
    // The offers' module listens for 'appinstalled' as it starts, and decides in the same call
    // whether to show anything: the listener is the signal that an absent offer means something.
    const add = window.addEventListener;
    window.addEventListener = function (this: Window, ...args: Parameters<Window['addEventListener']>) {
      if (args[0] === 'appinstalled') window.installOffersStarted = true;
      add.apply(this, args);
    } as Window['addEventListener'];
    window.fireInstallPrompt = (outcome) => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.defineProperty(event, 'prompt', {
        value: () => {
          window.installPromptCalls = (window.installPromptCalls ?? 0) + 1;
          return Promise.resolve();
        },
      });
      Object.defineProperty(event, 'userChoice', { value: Promise.resolve({ outcome, platform: 'web' }) });
      window.dispatchEvent(event);
    };
  }, options.seenBefore ?? false);
}

const offer = (page: Page) => page.getByTestId('install-offer');

/**
 * Waits until the offers' module started (it loads after the first screen) and decided: it adds its
 * container in the same call when it shows anything, so without one an absent offer means something.
 */
async function offersStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => window.installOffersStarted === true, undefined, { timeout: 15_000 });
  await expect(page.locator('#install-offer-root')).toHaveCount(0);
}

async function fire(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted'): Promise<void> {
  await page.evaluate((answer) => window.fireInstallPrompt?.(answer), outcome);
}

const offerViolations = (page: Page) => seriousViolations(page, '[data-testid="install-offer"]');

/** An upcoming demo event the new member can see and has not joined. */
async function eventToJoin(member: ApiMember): Promise<string> {
  const list = (await (await member.api.get('/api/events?nonPassed=true&limit=50')).json()) as EventListResponse;
  const probes = new Set<string>(Object.values(SANITIZER_PROBE_EVENT_IDS));
  const event = list.events.find((item: EventListItem) => item.eventData && !item.eventData.isPast && !item.eventData.isRegistered && !probes.has(item.id));
  expect(event, 'the demo data has an upcoming event a new member can join').toBeTruthy();
  return event!.id;
}

test('nothing on the first load; a join brings the offer, the navigation has it later, Install opens the browser dialog, a dismissal lasts', async ({
  members,
}) => {
  const member = await members.create({ tag: 'Install' });
  const eventId = await eventToJoin(member);
  const page = await member.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await prepare(page);

  // First load: the browser is ready to install, yet nothing is offered.
  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  await fire(page);
  await offersStarted(page);
  await expect(offer(page)).toHaveCount(0);

  // The member joins: the card says why, and passes axe.
  await page.getByRole('button', { name: 'Register Now' }).click();
  await expect(offer(page)).toBeVisible();
  await expect(offer(page)).toContainText('Install Mingle');
  await expect(offer(page)).toContainText('one tap away');
  expect(await offerViolations(page)).toEqual([]);

  // A later load: the entry at the sidebar's foot; pressing it calls prompt().
  await page.reload();
  await fire(page, 'accepted');
  await expect(offer(page).getByRole('button', { name: 'Install Mingle' })).toBeVisible({ timeout: 15_000 });
  const sidebar = await page.locator('.sidebar').boundingBox();
  const entry = await offer(page).boundingBox();
  expect(entry!.x + entry!.width).toBeLessThanOrEqual(sidebar!.x + sidebar!.width);
  expect(await offerViolations(page)).toEqual([]);
  await offer(page).getByRole('button', { name: 'Install Mingle' }).click();
  await expect.poll(() => page.evaluate(() => window.installPromptCalls)).toBe(1);
  // Accepted: installed, nothing more to offer.
  await expect(offer(page)).toHaveCount(0);

  // Dismissed: gone, and still gone after a reload.
  await page.reload();
  await fire(page);
  await expect(offer(page)).toBeVisible({ timeout: 15_000 });
  await offer(page).getByRole('button', { name: 'Dismiss install offer' }).click();
  await expect(offer(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('mingle.installDismissedAt'))).toMatch(/^\d+$/);
  await page.reload();
  await fire(page);
  await offersStarted(page);
  await expect(offer(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.installPromptCalls)).toBe(0);
});

test('on a 360 x 640 phone the offer sits above the bottom bar and covers none of its entries', async ({ members }) => {
  const member = await members.create({ tag: 'Install phone' });
  const page = await member.context.newPage();
  await page.setViewportSize({ width: 360, height: 640 });
  await prepare(page, { seenBefore: true });
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await fire(page);
  await expect(offer(page)).toBeVisible({ timeout: 15_000 });

  const bar = page.locator('nav.bottom-nav');
  const barBox = (await bar.boundingBox())!;
  const offerBox = (await offer(page).boundingBox())!;
  expect(offerBox.y + offerBox.height).toBeLessThanOrEqual(barBox.y);
  // Each entry of the bottom bar is what a tap at its centre reaches.
  for (const name of ['Events', 'Feed', 'Profile']) {
    const link = bar.getByRole('link', { name });
    const box = (await link.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit, name).toBe(name);
  }
  expect(await offerViolations(page)).toEqual([]);
});

/** True when a tap at the right end of `target` (where the offer floats) reaches it, not what is over it. */
async function reachableAtRightEnd(target: Locator): Promise<boolean> {
  await expect(target).toBeVisible();
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.right - Math.min(12, box.width / 4), box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

test("on a 360 x 640 phone the page makes room for the offer: the end of a page and the assistant's Send are never under it", async ({ members }) => {
  const member = await members.create({ tag: 'Install room' });
  const page = await member.context.newPage();
  await page.setViewportSize({ width: 360, height: 640 });
  await prepare(page, { seenBefore: true });
  const scrolledToEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

  await page.goto('/events');
  await fire(page);
  await expect(offer(page)).toBeVisible({ timeout: 15_000 });
  // Scrolled again while the page still grows (cards, the profile's later cards come in after it shows).
  const atEnd = (target: Locator) => expect.poll(async () => (await scrolledToEnd(), reachableAtRightEnd(target))).toBe(true);
  await atEnd(page.getByRole('button', { name: 'Load more events' }));

  await page.goto('/profile');
  await fire(page);
  await expect(offer(page)).toBeVisible({ timeout: 15_000 });
  await atEnd(page.getByRole('link', { name: 'Privacy Policy' }).last());

  await page.goto('/assistant');
  await fire(page);
  await expect(offer(page)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /^Discover events/ }).click();
  await expect(page.getByRole('textbox', { name: 'Message the assistant' })).toBeVisible();
  expect(await reachableAtRightEnd(page.getByRole('button', { name: 'Send' }))).toBe(true);
  const send = (await page.getByRole('button', { name: 'Send' }).boundingBox())!;
  const entry = (await offer(page).boundingBox())!;
  expect(send.y + send.height).toBeLessThanOrEqual(entry.y);
});

test('on iPhone Safari the offer shows how to add the app to the home screen', async ({ members, browser, baseURL }) => {
  const member = await members.create({ tag: 'Install iPhone' });
  const context = await browser.newContext({
    baseURL,
    userAgent: IPHONE_SAFARI,
    viewport: { width: 390, height: 844 },
    storageState: await member.context.storageState(),
  });
  try {
    // Safari's navigator.standalone (false in a tab), which Chromium does not have.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => false, configurable: true }));
    const page = await context.newPage();
    await prepare(page, { seenBefore: true });
    await page.goto('/events');
    await expect(offer(page).getByRole('button', { name: 'Install Mingle' })).toBeVisible({ timeout: 15_000 });
    await offer(page).getByRole('button', { name: 'Install Mingle' }).click();
    await expect(offer(page)).toContainText('Tap the Share button');
    await expect(offer(page)).toContainText("Choose 'Add to Home Screen'.");
    expect(await offerViolations(page)).toEqual([]);
    await offer(page).getByRole('button', { name: 'Not now' }).click();
    await expect(offer(page)).toHaveCount(0);
    await page.reload();
    await offersStarted(page);
    await expect(offer(page)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("the manifest's 'Scan QR' shortcut, /connections?scan=1, opens the scanner", async ({ members }) => {
  const member = await members.create({ tag: 'Scan shortcut' });
  const page = await member.context.newPage();
  await prepare(page);
  await page.goto('/connections?scan=1');
  await expect(page.getByRole('dialog', { name: 'Scan a QR code' })).toBeVisible({ timeout: 15_000 });
});
