import { expect, test } from '@playwright/test';
import {
  acceptConsent,
  codeInput,
  completeProfile,
  consentDialog,
  createMember,
  enterCode,
  expectSignedInShell,
  newMember,
  openWelcome,
  requestLoginCode,
  requestSignupCode,
} from '../support/journeys';
import { mailsTo, waitForCode } from '../support/smtp-sink';

test('sign up: name and e-mail, code from the mail, consent, profile, then the events list', async ({ page }) => {
  const member = newMember('signup');
  await openWelcome(page);

  // 'Back to form' returns to the filled form; a new code is then requested from it.
  await requestSignupCode(page, member);
  await page.getByRole('button', { name: 'Back to form' }).click();
  await expect(page.getByLabel('First name')).toHaveValue(member.firstName);
  await expect(codeInput(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForCode(member.email);

  const mails = await mailsTo(member.email);
  expect(mails).toHaveLength(2);
  expect(mails[1]?.text).toContain(code);

  expect(await enterCode(page, code, 'signup')).toBe(201);
  await acceptConsent(page);
  await completeProfile(page, member);

  // With no page saved before sign-up, profile completion ends on the events list.
  await expect(page).toHaveURL(/\/events$/);
  await expectSignedInShell(page);

  // The session survives a reload: still signed in, no consent dialog again.
  await page.reload();
  await expect(page).toHaveURL(/\/events$/);
  await expectSignedInShell(page);
  await expect(consentDialog(page)).toHaveCount(0);
});

test('log in: an existing member gets a code and lands on the events list', async ({ page, browser }) => {
  const member = await createMember(browser, 'login');
  await openWelcome(page);

  // 'Back to email' returns to the address step.
  await requestLoginCode(page, member.email);
  await page.getByRole('button', { name: 'Back to email' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();

  // Addresses are compared without case and surrounding spaces.
  const typed = `  ${member.email.toUpperCase()} `;
  await page.getByLabel('Email', { exact: true }).fill(typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForCode(member.email);
  expect(await enterCode(page, code, 'login')).toBe(200);

  await expect(page).toHaveURL(/\/events\?tab=find$/);
  await expectSignedInShell(page);
  await expect(consentDialog(page)).toHaveCount(0);
});

test('log in with an address that has no account says so', async ({ page }) => {
  await openWelcome(page);
  await page.getByLabel('Email', { exact: true }).fill(newMember('nobody').email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Account not found')).toBeVisible();
  await expect(page.getByText('This email is not registered. Please sign up first.')).toBeVisible();
  await expect(codeInput(page)).toHaveCount(0);
});

test('5 wrong codes burn the code: the right one is then refused, a new one works', async ({ page }) => {
  const member = newMember('lockout');
  await openWelcome(page);
  const code = await requestSignupCode(page, member);
  const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

  for (let attempt = 1; attempt <= 5; attempt++) {
    expect(await enterCode(page, wrong(attempt), 'signup')).toBe(400);
    await expect(page.getByRole('status').filter({ hasText: 'Invalid code' })).toBeVisible();
    // Also at the field itself, for whoever is looking there (or listening to it).
    await expect(codeInput(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(codeInput(page)).toHaveAccessibleDescription(/Invalid code$/);
  }

  // The right code, too late: refused as expired, and the form is shown again for a new code.
  expect(await enterCode(page, code, 'signup')).toBe(400);
  await expect(page.getByRole('status').filter({ hasText: 'Code expired' })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(consentDialog(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Send code' }).click();
  const fresh = await waitForCode(member.email);
  expect(fresh).not.toBe(code);
  expect(await enterCode(page, fresh, 'signup')).toBe(201);
  await expect(consentDialog(page)).toBeVisible();
});

test('a protected page sends a visitor to /auth and back to that page after log-in', async ({ page, browser }) => {
  const member = await createMember(browser, 'redirect');

  await page.goto('/feed');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
  // No navigation for a visitor.
  await expect(page.getByRole('link', { name: 'Feed' })).toHaveCount(0);

  const code = await requestLoginCode(page, member.email);
  expect(await enterCode(page, code, 'login')).toBe(200);
  await expect(page).toHaveURL(/\/feed$/);
  await expectSignedInShell(page);
});

test('the consent dialog blocks the app until terms and privacy are accepted', async ({ page }) => {
  const member = newMember('consent');
  await openWelcome(page);
  const code = await requestSignupCode(page, member);
  expect(await enterCode(page, code, 'signup')).toBe(201);

  const dialog = consentDialog(page);
  const terms = dialog.getByLabel('I accept the Terms of Service');
  const privacy = dialog.getByLabel('I accept the Privacy Policy');
  const continueButton = dialog.getByRole('button', { name: 'Continue' });
  await expect(dialog).toBeVisible();
  await expect(continueButton).toBeDisabled();

  // Nothing behind it can be reached: Escape does not close it, the page behind is inert.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert', '');

  // Going elsewhere, or reloading, shows it again: the answer is kept by the server, not the page.
  await page.goto('/events?tab=find');
  await expect(dialog).toBeVisible();
  await page.reload();
  await expect(dialog).toBeVisible();

  await terms.check();
  await expect(continueButton).toBeDisabled();
  await terms.uncheck();
  await privacy.check();
  await expect(continueButton).toBeDisabled();
  await terms.check();
  await expect(continueButton).toBeEnabled();
  await continueButton.click();
  await expect(dialog).toBeHidden();

  // A new member without role and story goes on to complete the profile.
  await page.goto('/events?tab=find');
  await expect(page).toHaveURL(/\/complete-profile$/);
  await expect(page.getByText('Create yourself')).toBeVisible();
  await page.reload();
  await expect(dialog).toHaveCount(0);
});
