import { expect } from '@playwright/test';
import { createCommunityEvent, goalOf, test } from '../support/api-session';
import { acceptCookies } from '../support/journeys';
import { notice } from '../support/meet-page';

/**
 * Messages of the forms as a member sees them: a refusal does not outlive the corrected
 * save, which says it worked; a text over its limit is shown as such while typing and cannot be saved.
 */

const CODE = "'; DROP TABLE users; --";
const REFUSED = 'Invalid content detected';

test('/complete-profile: the counter turns red and Save is disabled over the limit; a corrected save replaces the refusal', async ({ members }) => {
  const member = await members.create({ tag: 'Profile messages', completeProfile: false });
  const page = await member.context.newPage();
  await page.goto('/complete-profile');
  await acceptCookies(page);
  const save = page.getByRole('button', { name: 'Save' });
  const about = page.getByRole('textbox', { name: 'Story' });

  await page.getByRole('textbox', { name: 'Title' }).fill('Data engineer at a shipping company');
  await about.fill('x'.repeat(600));
  const counter = page.getByText('600/500');
  await expect(counter).toBeVisible();
  await expect(counter).toHaveCSS('color', 'rgb(185, 28, 28)');
  await expect(about).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();

  await about.fill('x'.repeat(500));
  await expect(page.getByText('500/500')).not.toHaveCSS('color', 'rgb(185, 28, 28)');
  await expect(save).toBeEnabled();

  await about.fill(CODE);
  await save.click();
  await expect(notice(page, REFUSED)).toBeVisible();

  await about.fill('I move data between ports and planners, and like meeting people who build logistics tools.');
  await save.click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(notice(page, 'Profile saved')).toBeVisible();
  await expect(notice(page, REFUSED)).toHaveCount(0);
});

test('event goal: the refusal is gone after the corrected goal is saved, which says so', async ({ members }) => {
  const member = await members.create({ tag: 'Goal messages' });
  const event = await createCommunityEvent(member, `E2E goal messages ${Date.now().toString(36)}`);
  const page = await member.context.newPage();
  await page.goto(`/events/${event.id}`);
  await acceptCookies(page);

  await page.getByRole('button', { name: 'Edit goal' }).click();
  const goal = page.getByRole('textbox', { name: 'My goal for this event' });
  await goal.fill('x'.repeat(501));
  await expect(page.getByText('501/500')).toHaveCSS('color', 'rgb(185, 28, 28)');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await goal.fill(CODE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, REFUSED)).toBeVisible();

  await goal.fill('Meet two people who run venue Wi-Fi');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Goal saved')).toBeVisible();
  await expect(notice(page, REFUSED)).toHaveCount(0);
  await expect(page.getByText('Meet two people who run venue Wi-Fi')).toBeVisible();
  await expect.poll(() => goalOf(member, event.id)).toBe('Meet two people who run venue Wi-Fi');
});
