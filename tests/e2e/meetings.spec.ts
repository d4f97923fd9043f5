import { expect, type Page } from '@playwright/test';
import type { Meeting } from '../../contract/meetings';
import { adaAndBeaAtOwnEvent, joinEvent, test, type ApiMember } from '../support/api-session';
import { seriousViolationsInBothSchemes } from '../support/axe';
import { acceptCookieBanner, expectTopCard, notice, openMeetPage } from '../support/meet-page';
import { askByApi, quarterHours } from '../support/meetings';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * Meetings at the venue (docs/product.md, 'Meetings'): asked for offline from the deck and sent
 * once when the network returns, accepted on the other member's device, rescheduled as the same
 * calendar event, a refusal on delivery in words; axe on every meetings screen on a small phone.
 * The other side acts through its own session outside the browser where the test is not about it.
 */

/**
 * The sync engine's backoff after reconnecting bounds this wait (a send that failed just after
 * reconnecting waits its next try); no timing is asserted.
 */
const DELIVERY_TIMEOUT = 120_000;

async function meetingOf(member: ApiMember, id: string): Promise<Meeting> {
  const answer = await member.api.get(`/api/meetings/${id}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Meeting;
}

/** The calendar file of an accepted meeting, as 'Add to calendar' downloads it: its UID, SEQUENCE and start. */
async function calendarOf(member: ApiMember, id: string): Promise<{ uid: string; sequence: number; start: string; text: string }> {
  const answer = await member.api.get(`/api/meetings/${id}/calendar.ics`);
  expect(answer.status()).toBe(200);
  const text = (await answer.text()).replace(/\r\n[ \t]/g, '');
  const field = (name: string) => new RegExp(`^${name}[^:]*:(.*)$`, 'm').exec(text)?.[1]?.trim() ?? '';
  return { uid: field('UID'), sequence: Number(field('SEQUENCE')), start: field('DTSTART'), text };
}

const meetingCard = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

test('asked offline from the deck, sent once online, accepted on the other device: Accepted, with its calendar file', async ({ members }) => {
  test.setTimeout(300_000);
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Meet offline');
  const page = await ada.context.newPage();

  await test.step('the deck opened once online, with the service worker in control', async () => {
    await openMeetPage(page, event.id);
    await acceptCookieBanner(page);
    await expectTopCard(page, bea.name);
    await waitForServiceWorkerControl(page);
  });

  await ada.context.setOffline(true);

  await test.step("offline: 'Plan a meeting' on Bea's card, a time and a place, the request waits", async () => {
    await page.getByRole('link', { name: 'Plan a meeting' }).click();
    await expect(page.getByRole('heading', { name: 'Plan a meeting' })).toBeVisible();
    await expect(page.getByText(bea.name)).toBeVisible();
    await expect(page.getByText(/Offline: who is free shows once you are back online/)).toBeVisible();
    await page.getByRole('radio', { name: '15 min' }).check();
    await page.getByRole('group', { name: 'Time' }).getByRole('radio', { disabled: false }).nth(2).check();
    await page.getByRole('textbox', { name: 'Place' }).fill('Coffee bar, level 2');
    await page.getByRole('textbox', { name: 'Message (optional)' }).fill('Shall we compare sync engines?');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(notice(page, 'Saved offline')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}/meetings$`));
    const card = meetingCard(page, bea.name);
    await expect(card).toContainText('Waiting to send');
    await expect(card).toContainText('Coffee bar, level 2');
  });

  await ada.context.setOffline(false);

  let meetingId = '';
  await test.step('online again: the request reaches Bea once', async () => {
    await expect(meetingCard(page, bea.name)).not.toContainText('Waiting to send', { timeout: DELIVERY_TIMEOUT });
    await expect(meetingCard(page, bea.name)).toContainText(`Waiting for ${bea.firstName}`);
    const answer = await bea.api.get('/api/meetings');
    const meetings = (await answer.json()) as Meeting[];
    expect(meetings).toHaveLength(1);
    expect(meetings[0]).toMatchObject({ state: 'requested', awaitingMe: true, place: 'Coffee bar, level 2', message: 'Shall we compare sync engines?' });
    meetingId = meetings[0]!.id;
  });

  await test.step("Bea accepts on her phone: a request to answer, then 'Accepted'", async () => {
    const phone = await bea.context.newPage();
    await phone.goto('/meetings');
    await acceptCookieBanner(phone);
    const section = phone.getByRole('region', { name: /Requests to answer/ });
    await section.getByRole('link', { name: new RegExp(ada.name) }).click();
    await expect(phone.getByRole('heading', { name: `Meeting with ${ada.firstName}` })).toBeVisible();
    await phone.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(phone.getByText('Accepted', { exact: true })).toBeVisible();
    await expect.poll(async () => (await meetingOf(bea, meetingId)).state).toBe('accepted');
  });

  await test.step("Ada sees 'Accepted' and downloads the invitation", async () => {
    await page.reload();
    await meetingCard(page, bea.name).getByRole('link').click();
    await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar' }).click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(file!, 'utf8');
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain(`meeting-${meetingId}`);
    expect(text).toMatch(/LOCATION:Coffee bar\\, level 2/);
  });
});

test('a new time proposed by Bea and accepted by Ada moves the same calendar event', async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Meet move');
  const at = await quarterHours(ada, event.id);
  const asked = await askByApi(ada, bea, event.id, at(4));
  expect((await bea.api.post(`/api/meetings/${asked.id}/accept`, { data: {} })).status()).toBe(200);
  const before = await calendarOf(ada, asked.id);

  const phone = await bea.context.newPage();
  await phone.goto(`/meetings/${asked.id}`);
  await acceptCookieBanner(phone);
  await phone.getByRole('button', { name: 'Propose a new time' }).click();
  await phone.getByRole('group', { name: 'Time' }).getByRole('radio', { disabled: false }).nth(10).check();
  await phone.getByRole('textbox', { name: 'Place' }).fill('Terrace');
  await phone.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(phone.getByText('New time proposed, waiting for Ada')).toBeVisible();

  const page = await ada.context.newPage();
  await page.goto(`/meetings/${asked.id}`);
  await acceptCookieBanner(page);
  await expect(page.getByText(`${bea.firstName} proposed a new time`)).toBeVisible();
  await page.getByRole('button', { name: 'Accept new time' }).click();
  await expect.poll(async () => (await meetingOf(ada, asked.id)).place).toBe('Terrace');

  const after = await calendarOf(ada, asked.id);
  expect(after.uid).toBe(before.uid);
  expect(after.sequence).toBeGreaterThan(before.sequence);
  expect(after.start).not.toBe(before.start);
});

test('an accept made offline that the server refuses on delivery says why, in words', async ({ members }) => {
  test.setTimeout(240_000);
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Meet refused');
  const cy = await members.create({ tag: 'Meet refused C', firstName: 'Cy' });
  await joinEvent(cy, event.id, { secret: event.joinSecret });
  const at = await quarterHours(ada, event.id);
  const fromBea = await askByApi(bea, ada, event.id, at(4));
  const fromCy = await askByApi(cy, ada, event.id, at(5));

  const page = await ada.context.newPage();
  await page.goto(`/meetings/${fromBea.id}`);
  await acceptCookieBanner(page);
  await waitForServiceWorkerControl(page);
  await ada.context.setOffline(true);
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByText('Waiting to send')).toBeVisible();

  // Meanwhile, on another device, Ada accepts Cy's request at an overlapping time.
  expect((await ada.api.post(`/api/meetings/${fromCy.id}/accept`, { data: {} })).status()).toBe(200);
  await ada.context.setOffline(false);

  const reason = new RegExp(`Could not accept: you already have a meeting at \\d\\d:\\d\\d with ${cy.firstName}`);
  // On the meeting's page (its notice, which closes by itself, is the mutations' contract test's).
  const main = page.getByRole('main');
  await expect(main.getByText(reason)).toBeVisible({ timeout: DELIVERY_TIMEOUT });
  await expect(main.getByText(`${bea.firstName} asks to meet`)).toBeVisible();
  expect((await meetingOf(ada, fromBea.id)).state).toBe('requested');
  await main.getByRole('button', { name: 'Dismiss' }).click();
  await expect(main.getByText(reason)).toHaveCount(0);
});

test('every meetings screen at 360x640 has no serious accessibility violation in either colour scheme', async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Meet axe');
  const at = await quarterHours(ada, event.id);
  const asked = await askByApi(bea, ada, event.id, at(2));
  await askByApi(ada, bea, event.id, at(8), 'Stand 4');
  const page = await ada.context.newPage();
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/meetings');
  await acceptCookieBanner(page);
  const screens: [string, string][] = [
    ['/meetings', 'Meetings'],
    [`/events/${event.id}/meetings`, 'Meetings'],
    [`/meetings/${asked.id}`, `Meeting with ${bea.firstName}`],
    [`/events/${event.id}/meetings/new?with=${bea.id}`, 'Plan a meeting'],
    [`/meetings/new?with=${bea.id}`, 'Plan a meeting'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
    expect(await seriousViolationsInBothSchemes(page), path).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} fits a 360 px screen`).toBeLessThanOrEqual(0);
  }
});
