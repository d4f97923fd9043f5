/**
 * The sign-in steps as a user does them, through the UI only, with the code read from the SMTP sink.
 * Locators are the ones a user sees: roles, labels and the texts of docs/product.md.
 */
import { randomBytes } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { signUpWithRequests } from './api-session';
import { waitForCode } from './smtp-sink';

export interface Member {
  firstName: string;
  lastName: string;
  email: string;
  headline: string;
  about: string;
}

/** A new member with an address no other test uses. */
export function newMember(tag: string): Member {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    firstName: 'Ada',
    lastName: `Tester ${tag}`,
    email: `e2e-${tag}-${id}@example.com`,
    headline: 'Product designer at a small studio',
    about: 'I design tools for people who organise meetups, and I like meeting founders and engineers.',
  };
}

/** Opens the welcome page and answers the cookie banner, which would otherwise cover the page bottom. */
export async function openWelcome(page: Page, path = '/auth'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
  await acceptCookies(page);
}

export async function acceptCookies(page: Page): Promise<void> {
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) {
    await gotIt.click();
    await expect(gotIt).toBeHidden();
  }
}

export function codeInput(page: Page) {
  return page.getByLabel('Verification code');
}

/** Sign up tab: fills the form and asks for a code; returns the code from the mail. */
export async function requestSignupCode(page: Page, member: Member): Promise<string> {
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('First name').fill(member.firstName);
  await page.getByLabel('Last name').fill(member.lastName);
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(codeInput(page)).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  return waitForCode(member.email);
}

/** Log in tab: enters the address and asks for a code; returns the code from the mail. */
export async function requestLoginCode(page: Page, email: string): Promise<string> {
  await page.getByRole('tab', { name: 'Log in' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(codeInput(page)).toBeVisible();
  return waitForCode(email);
}

/**
 * Types a code; the form verifies by itself once all 6 digits are in. Waits for the server's answer
 * and returns its status.
 */
export async function enterCode(page: Page, code: string, purpose: 'signup' | 'login'): Promise<number> {
  const input = codeInput(page);
  await expect(input).toBeEnabled();
  await expect(input).toHaveValue('');
  const answer = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/${purpose}/pin/verify`);
  await input.fill(code);
  return (await answer).status();
}

export function consentDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Before you start' });
}

/** The blocking consent dialog: ticks terms and privacy, then Continue. */
export async function acceptConsent(page: Page): Promise<void> {
  const dialog = consentDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('I accept the Terms of Service').check();
  await dialog.getByLabel('I accept the Privacy Policy').check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
}

/** /complete-profile, 'Create yourself': headline and about, then Save. */
export async function completeProfile(page: Page, member: Member): Promise<void> {
  await expect(page).toHaveURL(/\/complete-profile$/);
  await expect(page.getByText('Create yourself')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await page.getByRole('textbox', { name: 'Title' }).fill(member.headline);
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Story' }).fill(member.about);
  await expect(save).toBeEnabled();
  await save.click();
}

/**
 * A new member signed up through the API with the page's own cookies (code, verification, consents,
 * headline and about), then the events list opened with the cookie banner answered. For tests about
 * what comes after signing up: the sign-up journey itself is tested through the UI (auth.spec.ts,
 * join-flow.spec.ts), which takes several seconds more each time.
 */
export async function signUpThroughApi(page: Page, member: Member): Promise<void> {
  await signUpWithRequests(page.request, member, { role: member.headline, story: member.about });
  await page.goto('/events');
  await expectSignedInShell(page);
  await acceptCookies(page);
}

/** A member with a complete profile and consent, made in a browser context of its own. */
export async function createMember(browser: Browser, tag: string): Promise<Member> {
  const member = newMember(tag);
  const context = await browser.newContext();
  try {
    await signUpThroughApi(await context.newPage(), member);
  } finally {
    await context.close();
  }
  return member;
}

/** The app's navigation of a signed-in member (Events, Feed, Profile). */
export async function expectSignedInShell(page: Page): Promise<void> {
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Events' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Feed' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
}
