import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { createCommunityEvent, test } from '../support/api-session';
import { seriousViolationsInBothSchemes } from '../support/axe';
import { acceptCookieBanner } from '../support/meet-page';

/**
 * Taking events home: 'Add to calendar' on an event the member is registered at, and
 * 'Subscribe to my events' on the profile, a feed URL that calendar apps fetch without a cookie.
 */

const PHONE = { width: 360, height: 640 };

function eventsIn(text: string): ICAL.Event[] {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

/** Within a 360 px wide screen, left and right. */
async function expectWithinPhoneWidth(element: Locator): Promise<void> {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

/** docs/architecture.md: no serious or critical axe violation, here in the open dialog, light and dark. */
async function expectDialogAccessible(page: Page): Promise<void> {
  expect(await seriousViolationsInBothSchemes(page, '[role="dialog"]')).toEqual([]);
}

test("'Add to calendar' downloads the event; 'Subscribe to my events' gives a feed that needs no cookie, until its link is reset", async ({
  members,
  playwright,
}) => {
  const ada = await members.create({ tag: 'Calendar', firstName: 'Ada' });
  const name = `E2E calendar: Åsa, 東京; night ${Date.now().toString(36)}`;
  const event = await createCommunityEvent(ada, name);
  expect((await ada.api.patch(`/api/events/${event.id}/attendee`, { data: { goal: 'Meet two founders, then follow up' } })).status()).toBe(200);
  const startedAt = ((await (await ada.api.get(`/api/events/${event.id}`)).json()) as { eventData: { dateTime: string } }).eventData.dateTime;
  // iCalendar times are whole seconds.
  const start = new Date(Math.floor(Date.parse(startedAt) / 1000) * 1000).toISOString();

  const page = await ada.context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`/events/${event.id}`);
  await acceptCookieBanner(page);
  const add = page.getByRole('link', { name: 'Add to calendar' });
  await expectWithinPhoneWidth(add);
  const download = page.waitForEvent('download');
  await add.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const [entry, ...others] = eventsIn(await readFile(await file.path(), 'utf8'));
  expect(others).toEqual([]);
  expect(entry!.summary).toBe(name);
  expect(entry!.startDate.zone?.tzid).toBe('UTC');
  expect(entry!.startDate.toJSDate().toISOString()).toBe(start);
  expect(entry!.description).toContain('Your goal: Meet two founders, then follow up');

  await ada.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/profile');
  const subscribe = page.getByRole('button', { name: 'Subscribe to my events' });
  await expectWithinPhoneWidth(subscribe);
  await subscribe.click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to my events' });
  const field = dialog.getByRole('textbox', { name: 'Calendar link' });
  await expect(field).toHaveValue(/\/api\/calendar\/[\w-]+\.ics$/);
  const url = await field.inputValue();
  await expectDialogAccessible(page);
  await expect(dialog.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', url.replace(/^https?:\/\//, 'webcal://'));
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  for (const button of [dialog.getByRole('button', { name: 'Copy link' }), dialog.getByRole('button', { name: 'Reset link' })])
    await expectWithinPhoneWidth(button);

  // A calendar app: no cookie, no session.
  const calendarApp = await playwright.request.newContext();
  try {
    const feed = await calendarApp.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(eventsIn(await feed.text()).map((e) => [e.summary, e.startDate.toJSDate().toISOString()])).toEqual([[name, start]]);

    await dialog.getByRole('button', { name: 'Reset link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset calendar link?' });
    await expect(confirm).toContainText('The old link stops working at once');
    await confirm.getByRole('button', { name: 'Reset link' }).click();
    await expect(page.getByText('New calendar link')).toBeVisible();
    const fresh = page.getByRole('dialog', { name: 'Subscribe to my events' }).getByRole('textbox', { name: 'Calendar link' });
    await expect(fresh).not.toHaveValue(url);
    const newUrl = await fresh.inputValue();

    expect((await calendarApp.get(url)).status()).toBe(404);
    const renewed = await calendarApp.get(newUrl);
    expect(renewed.status()).toBe(200);
    expect(eventsIn(await renewed.text()).map((e) => e.summary)).toEqual([name]);
  } finally {
    await calendarApp.dispose();
  }
});
