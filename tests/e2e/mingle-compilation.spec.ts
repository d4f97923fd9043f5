import { expect } from '@playwright/test';
import type { MingleCompilation } from '../../contract/mingle-compilation';
import { DEMO_FLAGSHIP_EVENT_IDS } from '../../server/db/seed/constants';
import { firstInDeck, joinEvent, likeByApi, test } from '../support/api-session';
import { seriousViolationsInBothSchemes } from '../support/axe';
import { acceptCookies, enterCode, requestLoginCode } from '../support/journeys';

/**
 * The mingle compilation of the demo's promoted event, the Nordic Startup Festival
 * (/week/nordic-startup-week): an attendee opens it from the event's page on a 360x640 phone and
 * reads the figures; a member who is not registered there is told it is for the attendees; a
 * visitor who is not signed in signs in and comes back to it.
 */

const festival = DEMO_FLAGSHIP_EVENT_IDS.festival;
const PAGE = `/events/${festival}/mingle`;
const PHONE = { width: 360, height: 640 };

test('an attendee opens the compilation from the event on a phone and reads the figures', async ({ members }) => {
  const attendee = await members.create({ tag: 'Mingle attendee' });
  await joinEvent(attendee, festival, { goal: 'Meet climate investors and founders building developer tools.' });
  // One swipe of ours, so the busiest hours have at least one hour whatever the demo data holds.
  await likeByApi(attendee, (await firstInDeck(attendee, festival)).id, festival);
  const expected = (await (await attendee.api.get(`/api/events/${festival}/mingle-compilation`)).json()) as MingleCompilation;
  expect(expected.detailed, 'the festival has enough attendees for themes and hours').toBe(true);

  const page = await attendee.context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`/events/${festival}`);
  await acceptCookies(page);
  await page.getByRole('link', { name: 'See the mingle compilation' }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole('heading', { level: 1, name: expected.event.name })).toBeVisible();
  await expect(page).toHaveTitle(`Mingle compilation · ${expected.event.name} · Mingle`);

  const figure = (label: string) =>
    page
      .locator('.mingle-figure')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('.mingle-figure-value');
  await expect(figure('Attendees')).toHaveText(expected.attendees.toLocaleString('en-US'));
  expect(expected.attendees).toBeGreaterThan(50);
  await expect(figure('Swipes')).toHaveText(expected.swipes.total.toLocaleString('en-US'));
  await expect(figure('Connections made')).toHaveText(expected.connections.toLocaleString('en-US'));

  const themes = page.getByRole('region', { name: 'Most common goal themes' }).getByRole('listitem');
  await expect(themes).toHaveCount(expected.themes.length);
  expect(expected.themes.length).toBeGreaterThan(0);
  await expect(themes.first()).toContainText(expected.themes[0]!.word);
  const hours = page.getByRole('region', { name: 'Busiest hours (UTC)' }).getByRole('listitem');
  await expect(hours).toHaveCount(expected.busiestHours.length);
  expect(expected.busiestHours.length).toBeGreaterThan(0);

  // Nobody is named: not even the attendee reading it.
  const text = await page.locator('main').innerText();
  expect(text).not.toContain(attendee.lastName);

  // It fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousViolationsInBothSchemes(page)).toEqual([]);
});

test("a member who is not registered is told it is for the event's attendees", async ({ members }) => {
  const outsider = await members.create({ tag: 'Mingle outsider' });
  const page = await outsider.context.newPage();
  await page.setViewportSize(PHONE);
  const answer = page.waitForResponse((res) => res.url().endsWith(`/api/events/${festival}/mingle-compilation`));
  await page.goto(PAGE);
  expect((await answer).status()).toBe(403);
  await expect(page.getByText("The mingle compilation is for the event's attendees.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the event' })).toHaveAttribute('href', `/events/${festival}`);
  // Its page offers no link to it.
  await page.goto(`/events/${festival}`);
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the mingle compilation' })).toHaveCount(0);
});

test('a visitor who is not signed in signs in and comes back to the compilation', async ({ members, browser, baseURL }) => {
  const attendee = await members.create({ tag: 'Mingle return' });
  await joinEvent(attendee, festival, { goal: '' });
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  try {
    const page = await context.newPage();
    await page.goto(PAGE);
    await expect(page).toHaveURL(/\/auth$/);
    await acceptCookies(page);
    const code = await requestLoginCode(page, attendee.email);
    expect(await enterCode(page, code, 'login')).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByRole('heading', { level: 1, name: /^Nordic Startup Festival/ })).toBeVisible();
  } finally {
    await context.close();
  }
});
