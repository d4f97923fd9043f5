import { expect } from '@playwright/test';
import { createCommunityEvent, test } from '../support/api-session';
import { acceptCookies } from '../support/journeys';
import { openMeetPage } from '../support/meet-page';

/**
 * Every screen has its own document title, so tabs, history and screen readers can tell
 * them apart: the screen, then 'Mingle'; an event's screens carry its name once it has loaded.
 */

test('signed in, each screen has its own title, and an event’s screens carry its name', async ({ members }) => {
  const member = await members.create({ tag: 'Titles' });
  const name = `E2E title breakfast ${Date.now().toString(36)}`;
  const event = await createCommunityEvent(member, name);
  const page = await member.context.newPage();

  await page.goto('/events');
  await acceptCookies(page);
  await expect(page).toHaveTitle('Events · Mingle');

  // Moving in the app (not only loading a page) changes the title.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page).toHaveTitle('Profile · Mingle');
  await page.getByRole('navigation').first().getByRole('link', { name: 'Feed' }).click();
  await expect(page).toHaveTitle('Feed · Mingle');

  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} · Mingle`);

  await page.goto('/events/create');
  await expect(page).toHaveTitle('Create event · Mingle');

  await page.goto('/events/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Event Not Found')).toBeVisible();
  await expect(page).toHaveTitle('Event Not Found · Mingle');

  await page.goto('/no-such-screen');
  await expect(page).toHaveTitle('Page not found · Mingle');
});

test('the Meet attendees page is titled with the event’s name', async ({ members }) => {
  const member = await members.create({ tag: 'Deck title' });
  const name = `E2E deck title ${Date.now().toString(36)}`;
  const event = await createCommunityEvent(member, name);
  const page = await member.context.newPage();

  await openMeetPage(page, event.id);
  await expect(page).toHaveTitle(`Meet attendees · ${name} · Mingle`);
});

test('signed out, the welcome, reset and legal screens have their own titles', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveTitle('Log in · Mingle');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page).toHaveTitle('Sign up · Mingle');

  await page.goto('/auth/reset-password');
  await expect(page).toHaveTitle('Reset password · Mingle');

  await page.goto('/terms');
  await expect(page).toHaveTitle('Terms of Service · Mingle');
  await page.goto('/privacy');
  await expect(page).toHaveTitle('Privacy Policy · Mingle');
});

test('a member without a profile sees the completion screen’s title', async ({ members }) => {
  const member = await members.create({ tag: 'Title incomplete', completeProfile: false });
  const page = await member.context.newPage();
  await page.goto('/events');
  await expect(page).toHaveURL(/\/complete-profile$/);
  await expect(page).toHaveTitle('Complete your profile · Mingle');
});
