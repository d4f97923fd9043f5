import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startServerProcess, type AppServer } from '../../server/test/helpers/server-process';
import { ADA, startFakeProfileLookup, type FakeProfileLookup } from '../support/fake-profile-lookup';
import { acceptCookies } from '../support/journeys';
import { e2eDistDir } from '../support/paths';

/**
 * 'Create with AI' on /complete-profile, end to end: the suite's server has no profile-lookup
 * provider, so this file starts a second real server (server/main.ts on the same build, a data
 * folder of its own, codes printed in its log) configured with the local provider of
 * tests/support/fake-profile-lookup.ts. The browser types an id; the server asks the provider,
 * downloads the picture and stores it through the photo pipeline.
 */

let fake: FakeProfileLookup;
let server: AppServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await startFakeProfileLookup({ key: 'e2e-key' });
  dataDir = await mkdtemp(join(tmpdir(), 'mingle-e2e-lookup-'));
  server = await startServerProcess({
    DATA_DIR: dataDir,
    DIST_DIR: e2eDistDir(),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_IP: '100000',
    PROFILE_LOOKUP_URL: fake.url,
    PROFILE_LOOKUP_KEY: 'e2e-key',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A new member on the second server, signed up and consented through its API; the context holds the session. */
async function newMemberContext(browser: import('@playwright/test').Browser, tag: string): Promise<BrowserContext> {
  // The smallest phone the app is laid out for.
  const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 360, height: 640 } });
  const email = `e2e-lookup-${tag}-${Date.now().toString(36)}@example.com`;
  const names = { firstName: 'Ada', lastName: `Lookup ${tag}` };
  const since = server.output().length;
  expect((await context.request.post('/api/signup/pin/request', { data: { ...names, email } })).status()).toBe(200);
  const [, pin] = await server.waitForOutput(new RegExp(`To: ${email.replace(/[.]/g, '\\.')}\\s+Sign-(?:up|in) code: (\\d{6})`), since);
  expect((await context.request.post('/api/signup/pin/verify', { data: { ...names, email, pin } })).status()).toBe(201);
  expect((await context.request.post('/api/users/consents', { data: { consents: [{ type: 'terms' }, { type: 'privacy' }] } })).status()).toBe(201);
  return context;
}

async function chooseCreateWithAi(page: Page): Promise<void> {
  await page.goto('/complete-profile');
  await acceptCookies(page);
  await expect(page.getByText('Fill it in from your LinkedIn profile.')).toBeVisible();
  await page.getByText('Create with AI').click();
  await expect(page.getByLabel('LinkedIn profile ID or link')).toBeVisible();
}

test("'Create with AI' fills headline and about from the profile, shows its picture, and saves", async ({ browser }) => {
  const context = await newMemberContext(browser, 'fills');
  const page = await context.newPage();
  await chooseCreateWithAi(page);
  await page.getByLabel('LinkedIn profile ID or link').fill('https://www.linkedin.com/in/ada-lovelace/?trk=e2e');
  await expect(page.getByText("We'll look up linkedin.com/in/ada-lovelace")).toBeVisible();
  await page.getByRole('button', { name: 'Fill in from LinkedIn' }).click();

  await expect(page.getByLabel('Title')).toHaveValue(ADA.headline);
  await expect(page.getByLabel('Story')).toHaveValue(ADA.summary);
  const picture = page.getByRole('img', { name: 'Your profile picture from LinkedIn' });
  await expect(picture).toBeVisible();
  // The picture is ours now: served from /media, decoded by the browser.
  await expect(picture).toHaveAttribute('src', /^\/media\/p\/[0-9a-f]{64}-512\.webp$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/events/);
  const me = await (await context.request.get('/api/users/me')).json();
  expect(me).toMatchObject({ role: ADA.headline, story: ADA.summary, linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace' });
  expect(me.imageUrl).toMatch(/^\/media\/p\//);
  await context.close();
});

test('by keyboard: an id the provider does not know gives the explanatory notice and fills nothing', async ({ browser }) => {
  const context = await newMemberContext(browser, 'notfound');
  const page = await context.newPage();
  await page.goto('/complete-profile');
  await acceptCookies(page);
  await page.getByRole('radio', { name: /^Create yourself/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /^Create with AI/ })).toBeChecked();
  const input = page.getByLabel('LinkedIn profile ID or link');
  await input.focus();
  await page.keyboard.type('@nobody-by-that-name');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Profile not found')).toBeVisible();
  await expect(page.getByText(/couldn't find a LinkedIn profile with that ID/)).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await context.close();
});
