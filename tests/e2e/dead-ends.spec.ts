import { expect } from '@playwright/test';
import { joinEvent, test } from '../support/api-session';
import { acceptCookies, codeInput, expectSignedInShell } from '../support/journeys';
import { acceptCookieBanner, notice } from '../support/meet-page';
import { waitForCode } from '../support/smtp-sink';

/**
 * Dead ends: 'Create event' is reachable from the Events screen, has a Cancel, says
 * 'Event Created' and goes on to the goal without a wrong 'Already registered'; the reset-password
 * page says there is no password and signs the member in with a code instead of pretending.
 */

test('the Events screen links to Create event; Cancel goes back; creating says "Event Created" and goes to the goal', async ({ members }) => {
  const member = await members.create({ tag: 'Creator' });
  const page = await member.context.newPage();
  await page.goto('/events');
  await acceptCookieBanner(page);
  await page.getByRole('link', { name: 'Create event' }).click();
  await expect(page).toHaveURL(/\/events\/create$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/events$/);

  await page.getByRole('link', { name: 'Create event' }).click();
  await page.getByLabel('Event Name').fill('Breakfast for e2e creators');
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await page.getByLabel('Start Date').fill(day);
  await page.getByLabel('Start Time').fill('08:30');
  await page.getByLabel('Event URL').fill('https://example.com/breakfast');
  await page.getByRole('button', { name: 'Create Event' }).click();

  await expect(notice(page, 'Event Created')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]+\/join\/[^/]+\/goal\?created=1$/);
  await expect(page.getByRole('heading', { name: "Your event is ready. What's your goal?" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite people' })).toBeVisible();
  await expect(notice(page, 'Already registered')).toHaveCount(0);
});

test('the reset-password page says there is no password and signs the member in with a code', async ({ members, browser }) => {
  const member = await members.create({ tag: 'Forgetful' });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/auth/reset-password');
    await acceptCookies(page);
    await expect(page.getByText(/Mingle has no passwords, so there is nothing to reset/)).toBeVisible();
    await expect(page.getByRole('button', { name: /reset link/i })).toHaveCount(0);
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(codeInput(page)).toBeVisible();
    await codeInput(page).fill(await waitForCode(member.email));
    await expect(page).toHaveURL(/\/events(\?|$)/);
    await expectSignedInShell(page);
  } finally {
    await context.close();
  }
});

test('after an event is over, the deck is closed with the reason and the connections made there stay in view', async ({ members }) => {
  const member = await members.create({ tag: 'After party' });
  // A past event of the demo data that a free member may join (not PRO-only).
  let pastId: string | undefined;
  for (let page = 1; !pastId && page <= 10; page++) {
    const answer = await member.api.get(`/api/events?nonPassed=false&limit=50&page=${page}`);
    const body = (await answer.json()) as { events: Array<{ id: string; isProOnly: boolean; eventData?: { isPast: boolean } }> };
    pastId = body.events.find((item) => !item.isProOnly && item.eventData?.isPast)?.id;
  }
  expect(pastId, 'the demo data has a past event').toBeTruthy();
  await joinEvent(member, pastId!);

  const page = await member.context.newPage();
  await page.goto(`/events/${pastId}`);
  await acceptCookieBanner(page);
  await expect(page.getByText('This event has ended, so meeting new attendees is closed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect with Attendees' })).toHaveCount(0);
  // The goal stays as it was: shown, not editable.
  await expect(page.getByRole('heading', { name: 'My goal for this event' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit goal' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Your connections from this event' }).click();

  await expect(page).toHaveURL(new RegExp(`/events/${pastId}/connect$`));
  await expect(page.getByRole('tab', { name: 'Connections' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No connections at this event yet')).toBeVisible();
  await page.getByRole('tab', { name: 'All Attendees' }).click();
  await expect(page.getByRole('heading', { name: 'This event has ended' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});
