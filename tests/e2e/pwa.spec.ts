import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { chromiumArgs, headlessShellPath } from '../support/chromium';
import { e2eDistDir } from '../support/paths';
import { pngSize, waitForServiceWorkerControl } from '../support/pwa';

/** The welcome page is public: its Log in / Sign up tabs show that the app shell rendered. */
async function expectWelcomeShell(page: Page): Promise<void> {
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign up' })).toBeVisible();
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('the app is installable: manifest, icons and an active service worker', async ({ baseURL }) => {
  // Chromium never offers to install from an incognito-like context (Playwright's default), so this
  // test runs in a persistent profile, like a user's browser.
  const context = await chromium.launchPersistentContext(test.info().outputPath('profile'), {
    executablePath: headlessShellPath(),
    args: chromiumArgs,
    baseURL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await checkInstallable(page);
  } finally {
    await context.close();
  }
});

async function checkInstallable(page: Page): Promise<void> {
  const context = page.context();
  await page.goto('/auth');
  await expectWelcomeShell(page);

  // index.html links the hand-written manifest and the iOS / theme tags.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#4f46e5');
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(appleIcon).toBeTruthy();
  const apple = await page.request.get(appleIcon!);
  expect(apple.ok()).toBe(true);
  expect(pngSize(await apple.body())).toEqual({ width: 180, height: 180 });

  const response = await page.request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    id: '/',
    short_name: 'Mingle',
    start_url: '/events?tab=find&source=pwa',
    scope: '/',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#ffffff',
  });
  expect(String(manifest.name)).toContain('Mingle');
  expect(String(manifest.description).length).toBeGreaterThan(10);

  // Every PNG icon loads and has the size it claims; 192 and 512 "any" and a 512 maskable exist.
  const pngIcons = manifest.icons.filter((icon) => icon.type === 'image/png');
  for (const icon of pngIcons) {
    const res = await page.request.get(icon.src);
    expect(res.ok(), icon.src).toBe(true);
    const { width, height } = pngSize(await res.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  const has = (sizes: string, purpose: string) => pngIcons.some((icon) => icon.sizes === sizes && (icon.purpose ?? 'any').split(' ').includes(purpose));
  expect(has('192x192', 'any')).toBe(true);
  expect(has('512x512', 'any')).toBe(true);
  expect(has('512x512', 'maskable')).toBe(true);

  // The richer install dialog: a narrow and a wide screenshot, each the size it claims.
  const screenshots = manifest.screenshots as Array<ManifestIcon & { form_factor: string }>;
  expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const shot of screenshots) {
    expect(shot.type).toBe('image/png');
    const res = await page.request.get(shot.src);
    expect(res.ok(), shot.src).toBe(true);
    const body = await res.body();
    const { width, height } = pngSize(body);
    expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
    expect(shot.form_factor === 'narrow' ? width < height : width > height, shot.src).toBe(true);
    expect(body.length, shot.src).toBeLessThan(150 * 1024);
  }
  // Shortcuts: Events, Connections and Scan QR (the connections list opens the scanner for ?scan=1), each
  // with an icon that loads at its size.
  const shortcuts = manifest.shortcuts as Array<{ name: string; url: string; icons: ManifestIcon[] }>;
  expect(shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
    { name: 'Events', url: '/events' },
    { name: 'Connections', url: '/connections' },
    { name: 'Scan QR', url: '/connections?scan=1' },
  ]);
  for (const icon of shortcuts.flatMap((shortcut) => shortcut.icons)) {
    const res = await page.request.get(icon.src);
    expect(res.ok(), icon.src).toBe(true);
    const { width, height } = pngSize(await res.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }

  await waitForServiceWorkerControl(page);
  const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(new URL(scriptURL!).pathname).toBe('/sw.js');

  // Chromium's own verdict, through the DevTools protocol.
  const cdp = await context.newCDPSession(page);
  const appManifest = await cdp.send('Page.getAppManifest');
  expect(appManifest.errors).toEqual([]);
  expect(new URL(appManifest.url).pathname).toBe('/manifest.webmanifest');
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
}

test('after one visit the shell opens with no network, and an /api call it never stored fails rather than getting the shell', async ({ page, context }) => {
  await page.goto('/auth');
  await expectWelcomeShell(page);
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expectWelcomeShell(page);

    // A route never visited before: the worker serves the precached shell for every navigation.
    await page.goto('/events?tab=find');
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page.getByText('A server error occurred.', { exact: true })).toHaveCount(0);

    // The navigation fallback never covers /api: an answer the worker never stored (signed out, there
    // is nothing to cache) fails offline instead of getting index.html.
    const api = await page.evaluate(() =>
      fetch('/api/users/me').then(
        (res) => `answered ${res.status}`,
        () => 'network error',
      ),
    );
    expect(api).toBe('network error');
  } finally {
    await context.setOffline(false);
  }
});

test('a new version shows "New version available" and Reload moves the page onto it', async ({ page }) => {
  await page.goto('/auth');
  await expectWelcomeShell(page);
  await waitForServiceWorkerControl(page);
  await expect(page.getByText('New version available')).toHaveCount(0);

  // Publish a new service worker: same precache, different bytes.
  const swFile = join(e2eDistDir(), 'sw.js');
  const original = await readFile(swFile, 'utf8');
  // The build also wrote precompressed copies, which the server prefers; they would keep
  // serving the old bytes, so they step aside while the new version is published.
  const compressed = [`${swFile}.br`, `${swFile}.gz`].filter((file) => existsSync(file));
  for (const file of compressed) await rename(file, `${file}.off`);
  try {
    await writeFile(swFile, `${original}\n// e2e update ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const banner = page.getByRole('status').filter({ hasText: 'New version available' });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expectWelcomeShell(page);
    await expect(page.getByText('New version available')).toHaveCount(0);
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: Boolean(registration?.waiting),
        active: registration?.active?.state,
        controlled: navigator.serviceWorker.controller !== null,
      };
    });
    expect(state).toEqual({ waiting: false, active: 'activated', controlled: true });
  } finally {
    await writeFile(swFile, original);
    for (const file of compressed) await rename(`${file}.off`, file);
  }
});
