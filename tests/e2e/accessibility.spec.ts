import { expect, type Page } from '@playwright/test';
import type { EventItem } from '../../contract/events';
import { DEMO_FLAGSHIP_EVENT_IDS } from '../../server/db/seed/constants';
import { adaAndBeaAtOwnEvent, joinEvent, likeByApi, test } from '../support/api-session';
import { seriousViolationsInBothSchemes } from '../support/axe';
import { acceptCookieBanner, openMeetPage } from '../support/meet-page';
import { ownEvent } from '../support/own-events';

/**
 * axe on the main screens (docs/architecture.md: no serious or critical violation), in the light and the dark
 * colour scheme: /auth signed out, the events list with a locked PRO card in view, an event's
 * detail page, the locked preview of a PRO-only event, the Meet deck, the plans, the network
 * (connections, a connection, the feed, a co-attendee's profile), the notices, and the others:
 * creating an event, a join page, an organizer's page, the legal pages, sign-up, an unknown event
 * and an unknown page. Colour contrast is
 * among the rules (WCAG AA: 4.5:1 for normal text).
 */

async function expectAccessibleInBothSchemes(page: Page, screen: string): Promise<void> {
  expect(await seriousViolationsInBothSchemes(page), screen).toEqual([]);
}

test('the welcome page /auth, signed out', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/auth');
});

test('the events list of a free member, with a locked PRO card in view', async ({ members }) => {
  const member = await members.create({ tag: 'Axe list' });
  const page = await member.context.newPage();
  await page.goto('/events');
  await acceptCookieBanner(page);
  const list = page.getByRole('region', { name: 'All Events' });
  const locked = list.getByRole('article', { name: 'This event is for Pro users only' }).first();
  // PRO-only festivals are in the demo data; load more until one is listed.
  for (let i = 0; i < 5 && (await locked.count()) === 0; i++) {
    await list.getByRole('button', { name: 'Load more events' }).click();
    await page.waitForLoadState('networkidle');
  }
  await locked.scrollIntoViewIfNeeded();
  await expect(locked).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/events');

  // The filter panel too: chips, counts and the search box.
  await list.getByRole('button', { name: /^Filter/ }).click();
  await expect(page.getByRole('group', { name: 'Categories' }).getByRole('button').first()).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/events with the filter panel open');
});

test("an event's detail page and the locked preview of a PRO-only event", async ({ members }) => {
  // The demo summit's page, only looked at (no deck, no join): it has what a community event's page
  // has not (an organizer, categories, a long HTML description), and nothing on it for a member
  // who has not joined depends on who else did.
  const member = await members.create({ tag: 'Axe detail' });
  const page = await member.context.newPage();
  await page.goto(`/events/${DEMO_FLAGSHIP_EVENT_IDS.summit}`);
  await acceptCookieBanner(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('event-about')).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/events/{id}');

  // A PRO-only event cannot be made through the API (community events never are): the demo data's,
  // which this test only looks at.
  const answer = await member.api.get('/api/events?nonPassed=true&limit=50');
  const events = ((await answer.json()) as { events: Array<{ id: string; isProOnly: boolean; eventData?: unknown }> }).events;
  const locked = events.find((item) => item.isProOnly && !item.eventData);
  expect(locked, 'the demo data has upcoming PRO-only events').toBeTruthy();
  await page.goto(`/events/${locked!.id}`);
  await expect(page.getByText('Only accessible to pro users.')).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/events/{id}, locked');
});

test('the Meet deck', async ({ members }) => {
  // Cards as full as the demo attendees': photo, role, location, story and goal.
  const { event } = await ownEvent(members, 'Axe deck', { guests: ['Ivar', 'Juno'], fullCards: true });
  const member = await members.create({ tag: 'Axe deck' });
  await joinEvent(member, event.id, { secret: event.joinSecret });
  const page = await member.context.newPage();
  await openMeetPage(page, event.id);
  await acceptCookieBanner(page);
  await expect(page.getByRole('article')).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/events/{id}/connect');
});

test("the plans, the profile's subscription card and the local test checkout's page", async ({ members }) => {
  const member = await members.create({ tag: 'Axe plans' });
  const page = await member.context.newPage();
  await page.goto('/pricing');
  await acceptCookieBanner(page);
  await expect(page.getByRole('button', { name: 'Upgrade to PRO' })).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/pricing');

  await page.goto('/profile');
  await expect(page.getByRole('link', { name: 'View all plans' })).toBeVisible();
  await expectAccessibleInBothSchemes(page, "the profile's subscription card (FREE)");

  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Upgrade to PRO' }).click();
  await expect(page.getByText('Test mode: no card is charged')).toBeVisible();
  await expectAccessibleInBothSchemes(page, "the local test checkout's page");
});

test("the network: the connections, a connection's page, the feed, a co-attendee's profile, and the notices", async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Axe network');
  const cy = await members.create({ tag: 'Axe network C', firstName: 'Cy' });
  await joinEvent(cy, event.id, { secret: event.joinSecret });
  await likeByApi(ada, bea.id, event.id);
  await likeByApi(bea, ada.id, event.id);
  const page = await ada.context.newPage();
  await page.goto('/connections');
  await acceptCookieBanner(page);
  await expect(page.getByRole('link', { name: new RegExp(bea.name) })).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/connections');

  await page.goto(`/connections/${bea.id}`);
  await expect(page.getByRole('heading', { level: 1, name: bea.name })).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/connections/{id}');

  await page.goto('/feed');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(bea.firstName).first()).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/feed');

  await page.goto(`/users/${cy.id}`);
  await expect(page.getByRole('heading', { level: 1, name: cy.name })).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/users/{id}');

  // A notice and an error notice, as they show on a screen (the contact form's refused phone).
  await page.goto('/profile');
  await page.getByRole('region', { name: 'Contact information' }).getByRole('button', { name: 'Edit contact information' }).click();
  const form = page.getByRole('form', { name: 'Contact information' });
  await form.getByRole('textbox', { name: 'Phone' }).fill('call me');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile update failed' })).toBeVisible();
  await expectAccessibleInBothSchemes(page, 'an error notice and a refused field');
  await form.getByRole('textbox', { name: 'Phone' }).fill('+46 70 123 45 67');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible();
  await expectAccessibleInBothSchemes(page, 'a notice');
});

test("the other screens: creating an event, a join page, an organizer's page, the legal pages, sign-up, an unknown event and an unknown page", async ({
  members,
  page: visitor,
}) => {
  // Several screens in two colour schemes each: longer than one screen's test, not a timing under test.
  test.setTimeout(120_000);
  await visitor.goto('/auth?tab=signup');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessibleInBothSchemes(visitor, '/auth?tab=signup');
  for (const path of ['/terms', '/privacy']) {
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessibleInBothSchemes(visitor, path);
  }

  const { event, name } = await ownEvent(members, 'Axe others');
  const member = await members.create({ tag: 'Axe others' });
  const page = await member.context.newPage();
  await page.goto('/events/create');
  await acceptCookieBanner(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/events/create');

  await page.goto(`/events/${event.id}/join/${event.joinSecret}/goal`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/events/{id}/join/{secret}/goal');

  const summit = (await (await member.api.get(`/api/events/${DEMO_FLAGSHIP_EVENT_IDS.summit}`)).json()) as EventItem;
  const organizer = summit.eventData?.organizer;
  expect(organizer, 'the demo summit has an organizer').toBeTruthy();
  await page.goto(`/organizer/${organizer!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessibleInBothSchemes(page, '/organizer/{id}');

  await page.goto('/events/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Not Found' })).toBeVisible();
  await expectAccessibleInBothSchemes(page, 'an unknown event');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessibleInBothSchemes(page, 'an unknown page');
});
