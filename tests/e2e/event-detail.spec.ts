import { expect, test, type Page } from '@playwright/test';
import type { EventListItem, EventListResponse } from '../../contract/events';
import { SANITIZER_PROBE_EVENT_IDS } from '../../server/db/seed/constants';
import { newMember, signUpThroughApi } from '../support/journeys';

/**
 * The event detail page against the real server and the demo data: the locked PRO preview of a
 * free member, sanitized descriptions, and /events/create. Each test signs up a member of its own
 * (free, complete profile, consents), so none depends on the demo accounts' sign-in code limits.
 */

async function upcomingEvents(page: Page): Promise<EventListItem[]> {
  const answer = await page.request.get('/api/events?nonPassed=true&limit=50');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as EventListResponse).events;
}

test('a free member sees a PRO-only event only as the blurred, locked preview', async ({ page }) => {
  await signUpThroughApi(page, newMember('locked'));
  const locked = (await upcomingEvents(page)).find((item) => item.isProOnly && !item.eventData && item.previewData);
  expect(locked, 'the demo data has upcoming PRO-only events').toBeTruthy();

  await page.goto(`/events/${locked!.id}`);
  await expect(page.getByText('Only accessible to pro users.')).toBeVisible();
  await expect(page.getByText('PRO ONLY', { exact: true })).toBeVisible();
  const upgrade = page.getByRole('link', { name: 'Upgrade to view' });
  await expect(upgrade).toHaveAttribute('href', '/pricing');
  if (locked!.previewData?.aiGeneratedBlurb) await expect(page.getByText(locked!.previewData.aiGeneratedBlurb)).toBeVisible();

  // The cover is blurred; nothing of the full event (register, goal, attendees) is offered.
  const cover = page.getByTestId('blurred-cover');
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img) => getComputedStyle(img).filter)).toContain('blur');
  await expect(page.getByRole('button', { name: 'Register Now' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'About' })).toHaveCount(0);

  // The API gives no more than the page shows.
  const detail = (await (await page.request.get(`/api/events/${locked!.id}`)).json()) as EventListItem;
  expect(detail.eventData).toBeUndefined();
});

test('descriptions are sanitized: no script runs, no handler attribute survives, the text stays', async ({ page }) => {
  await signUpThroughApi(page, newMember('sanitize'));
  const probes = [
    { id: SANITIZER_PROBE_EVENT_IDS.script, text: 'Bring your laptop.' },
    { id: SANITIZER_PROBE_EVENT_IDS.onerror, text: 'Last edition in pictures:' },
    { id: SANITIZER_PROBE_EVENT_IDS.onclick, text: 'Seats are limited,' },
  ];
  for (const probe of probes) {
    await page.goto(`/events/${probe.id}`);
    const about = page.getByTestId('event-about');
    await expect(about).toContainText(probe.text);
    expect(await about.locator('script, img, [onerror], [onclick], [data-tracking], [style]').count()).toBe(0);
  }

  // The link of the onclick probe is kept, and opens safely; clicking the text runs nothing.
  const link = page.getByTestId('event-about').getByRole('link', { name: 'book early' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await page.getByTestId('event-about').getByText('Seats are limited,').click();

  const flags = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return [w.__seedScriptRan, w.__seedOnerrorRan, w.__seedOnclickRan];
  });
  expect(flags).toEqual([undefined, undefined, undefined]);
});

test('/events/create creates a community event and lands on its join goal page, where the creator invites people', async ({ page, browser, baseURL }) => {
  await signUpThroughApi(page, newMember('create'));
  // No share sheet here (desktop Linux): the invite link is copied.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/events/create');
  await expect(page.getByText('Fill in the details below to create a new event. This will only be visible to your connections.')).toBeVisible();

  // Nothing is sent while a required field is missing.
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event name is required')).toBeVisible();
  await expect(page.getByText('Event date is required')).toBeVisible();
  await expect(page.getByText('Event URL is required')).toBeVisible();

  const name = `E2E breakfast ${Date.now().toString(36)}`;
  const tomorrow = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await page.getByLabel('Event Name').fill(name);
  await page.getByLabel('Start Date').fill(tomorrow);
  await page.getByLabel('End Date (Optional)').fill(tomorrow);
  await page.getByLabel('Event URL').fill('breakfast.example/rsvp');
  const created = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events/user-added');
  await page.getByRole('button', { name: 'Create Event' }).click();
  expect((await created).status()).toBe(201);

  // The creator goes straight to the goal (no join, no 'Already registered').
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}\/join\/[^/]+\/goal\?created=1$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add goal' })).toBeVisible();

  // The creator is registered at the new event, which carries the URL with https:// in front.
  const eventId = new URL(page.url()).pathname.split('/')[2]!;
  const detail = (await (await page.request.get(`/api/events/${eventId}`)).json()) as EventListItem;
  expect(detail.eventData).toMatchObject({ name, isRegistered: true, createdByMe: true, eventUrl: 'https://breakfast.example/rsvp' });

  // The page speaks to its creator and hands out the join link, the only way others find the event.
  await expect(page.getByText('Your event', { exact: true })).toBeVisible();
  await expect(page.getByText("You're invited to")).toHaveCount(0);
  await page.getByRole('button', { name: 'Invite people' }).click();
  await expect(page.getByText('Invite link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/events/${eventId}/join/[\\w-]+$`));

  // The event's own page offers the same to its creator.
  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('button', { name: 'Invite people' })).toBeVisible();

  // Someone else opening the link is invited, and joins.
  const guest = await browser.newContext({ baseURL });
  try {
    const guestPage = await guest.newPage();
    await signUpThroughApi(guestPage, newMember('invited'));
    await guestPage.goto(link);
    await expect(guestPage.getByText("You're invited to")).toBeVisible();
    await expect(guestPage.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(guestPage.getByRole('heading', { name: "You're in! What's your goal?" })).toBeVisible();
    await expect(guestPage.getByRole('button', { name: 'Invite people' })).toHaveCount(0);
  } finally {
    await guest.close();
  }
});
