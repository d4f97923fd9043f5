import { expect, test } from '@playwright/test';
import type { EventListItem } from '../../contract/events';
import { DEMO_FLAGSHIP_EVENT_IDS, DEMO_PROMOTION_SLUG } from '../../server/db/seed/constants';
import { seriousViolationsInBothSchemes } from '../support/axe';
import { acceptConsent, acceptCookies, completeProfile, consentDialog, enterCode, newMember, requestSignupCode } from '../support/journeys';

/**
 * The promotional page on the demo data: an anonymous visitor from a poster reads the
 * week, presses 'I want to pre-mingle!', signs up on the join page and is registered with a goal.
 */

const PAGE = `/week/${DEMO_PROMOTION_SLUG}`;
const festival = DEMO_FLAGSHIP_EVENT_IDS.festival;

test.use({ viewport: { width: 360, height: 640 } });

test('a visitor opens the week, pre-mingles, signs up on the join page and is registered with a goal', async ({ page }) => {
  const response = await page.goto(PAGE);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Nordic Startup Week' })).toBeVisible();
  await expect(page).toHaveTitle('Nordic Startup Week · Mingle');
  // Dates of the week, and its programme with the festival in it.
  await expect(page.locator('.promo-dates')).toHaveText(/\d{4}$/);
  const programme = page.getByRole('region', { name: 'Programme' });
  await expect(programme.getByRole('listitem').filter({ hasText: /Nordic Startup Festival/ })).toBeVisible();
  // A week's programme: the festival's side events before it, each opening its event's page.
  await expect(programme.getByRole('listitem')).toHaveCount(4);
  for (const side of ['Oslo Founders Breakfast', 'Fjord Investor Office Hours', 'Nordic Startup Week Pitch Night']) {
    await expect(programme.getByRole('link', { name: side })).toHaveAttribute('href', /^\/events\/[\w-]+$/);
  }

  // On a small phone the button is in view without scrolling, above the cookie banner (the only
  // bottom bar a visitor has: the page shows no navigation).
  const button = page.getByRole('link', { name: 'I want to pre-mingle!' });
  await expect(button).toBeInViewport({ ratio: 1 });
  const buttonBox = (await button.boundingBox())!;
  const banner = page.getByRole('button', { name: 'Got it' });
  if (await banner.isVisible()) {
    const bannerTop = await page.locator('.cookie-banner').evaluate((el) => el.getBoundingClientRect().top);
    expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(bannerTop);
  }
  await expect(page.getByRole('navigation')).toHaveCount(0);

  // The join secret is only in the link, never in the text.
  const href = (await button.getAttribute('href'))!;
  const secret = new RegExp(`^/events/${festival}/join/([^/]+)/goal$`).exec(href)?.[1];
  expect(secret).toBeTruthy();
  expect(await page.locator('body').innerText()).not.toContain(secret!);

  await acceptCookies(page);
  expect(await seriousViolationsInBothSchemes(page)).toEqual([]);

  // The button leads to the fixed event's join goal page, which shows the event.
  await button.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name: /Nordic Startup Festival/ })).toBeVisible();

  const member = newMember('promo');
  const code = await requestSignupCode(page, member);
  expect(await enterCode(page, code, 'signup')).toBe(201);
  await expect(consentDialog(page)).toBeVisible();
  await acceptConsent(page);
  // The profile completion, as a new member sees it right after the consent.
  await expect(page).toHaveURL(/\/complete-profile$/);
  await expect(page.getByText('Create yourself')).toBeVisible();
  expect(await seriousViolationsInBothSchemes(page)).toEqual([]);
  await completeProfile(page, member);
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('status').filter({ hasText: "You've successfully joined the event." })).toBeVisible();

  const goal = 'Meet two seed investors before the festival.';
  await page.getByRole('textbox', { name: 'Your goal for this event' }).fill(goal);
  await page.getByRole('button', { name: 'Add goal' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${festival}/connect$`));

  const detail = (await (await page.request.get(`/api/events/${festival}`)).json()) as EventListItem;
  expect(detail.eventData).toMatchObject({ isRegistered: true, goal });
});

test('a shared link previews with its meta tags, and an unknown week is not found', async ({ page, request }) => {
  const html = await (await request.get(PAGE)).text();
  expect(html).toContain('<meta property="og:title" content="Nordic Startup Week">');
  expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+">/);

  const response = await page.goto('/week/no-such-week');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
