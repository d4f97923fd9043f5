import { expect, test, type Browser } from '@playwright/test';
import type { EventListItem, EventListResponse, JoinSecretResponse } from '../../contract/events';
import { SANITIZER_PROBE_EVENT_IDS } from '../../server/db/seed/constants';
import { acceptConsent, acceptCookies, completeProfile, consentDialog, enterCode, newMember, requestSignupCode, signUpThroughApi } from '../support/journeys';

/**
 * docs/product.md section 4, Join flow, with a real join link: a member registered at an upcoming demo
 * event asks the server for the event's join secret (what a 'share join link' button would do),
 * and an anonymous visitor follows the link.
 */
async function realJoinLink(browser: Browser): Promise<{ eventId: string; eventName: string; secret: string }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signUpThroughApi(page, newMember('host'));
    const list = (await (await page.request.get('/api/events?nonPassed=true&limit=50')).json()) as EventListResponse;
    const probes = new Set<string>(Object.values(SANITIZER_PROBE_EVENT_IDS));
    const event = list.events.find(
      (item: EventListItem) => item.eventData && !item.eventData.isPast && !item.eventData.isRegistered && !probes.has(item.id),
    )?.eventData;
    expect(event, 'the demo data has upcoming events a new member can join').toBeTruthy();
    const joined = await page.request.post(`/api/events/${event!.id}/join`, { data: { goal: '' } });
    expect(joined.status()).toBe(201);
    const answer = await page.request.get(`/api/events/${event!.id}/request-join-secret`);
    expect(answer.ok()).toBe(true);
    const { secret } = (await answer.json()) as JoinSecretResponse;
    return { eventId: event!.id, eventName: event!.name, secret };
  } finally {
    await context.close();
  }
}

test('a visitor follows a join link, signs up on the page, completes the profile, sets a goal and meets the attendees', async ({ page, browser }) => {
  const link = await realJoinLink(browser);
  const member = newMember('joiner');
  const goalPath = `/events/${link.eventId}/join/${link.secret}/goal`;

  // The shared link opens the goal page, which shows the event to anyone.
  await page.goto(`/events/${link.eventId}/join/${link.secret}`);
  await expect(page).toHaveURL(new RegExp(`${goalPath}$`));
  await expect(page.getByRole('heading', { level: 1, name: link.eventName })).toBeVisible();
  await acceptCookies(page);

  // Sign up right there; the page stays, and the consent dialog blocks it.
  const code = await requestSignupCode(page, member);
  expect(await enterCode(page, code, 'signup')).toBe(201);
  await expect(consentDialog(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${goalPath}$`));
  await acceptConsent(page);

  // Without role and story: the profile first, then back to the join page, which joins.
  await completeProfile(page, member);
  await expect(page).toHaveURL(new RegExp(`${goalPath}$`));
  await expect(page.getByRole('status').filter({ hasText: "You've successfully joined the event." })).toBeVisible();

  const goal = 'Meet two founders who run community events.';
  await page.getByRole('textbox', { name: 'Your goal for this event' }).fill(goal);
  await page.getByRole('button', { name: 'Add goal' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${link.eventId}/connect$`));

  // Registered, with the goal, as the server has it.
  const detail = (await (await page.request.get(`/api/events/${link.eventId}`)).json()) as EventListItem;
  expect(detail.eventData).toMatchObject({ isRegistered: true, goal });
});

test('a member who follows a join link again is told they are already registered', async ({ page, browser }) => {
  const link = await realJoinLink(browser);
  await signUpThroughApi(page, newMember('again'));
  const goalPath = `/events/${link.eventId}/join/${link.secret}/goal`;

  await page.goto(goalPath);
  await expect(page.getByRole('status').filter({ hasText: "You've successfully joined the event." })).toBeVisible();
  await page.getByRole('button', { name: 'Connect with attendees' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${link.eventId}/connect$`));

  await page.goto(goalPath);
  await expect(page.getByRole('status').filter({ hasText: 'Already registered' })).toBeVisible();
  await expect(page.getByText("You're already signed up for this event!")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add goal' })).toBeVisible();
});
