import { chromium, expect, type Browser } from '@playwright/test';
import type { ShareResponse } from '../../contract/profiles';
import { STORAGE_KEYS } from '../../src/lib/storage-keys';
import { connectionsOf, createApiMember, test, type ApiMember } from '../support/api-session';
import { seriousViolationsInBothSchemes } from '../support/axe';
import { chromiumArgs, headlessShellPath } from '../support/chromium';
import { acceptCookieBanner } from '../support/meet-page';
import { waitForServiceWorkerControl } from '../support/pwa';
import { fakeCameraArgs, writeQrVideo } from '../support/qr-video';

/**
 * Exchanging profiles in person: member A shows 'My QR code', member B scans it with the
 * phone's camera (Chromium's fake camera filming a video of A's code; Debian's Chromium has no
 * BarcodeDetector, so the polyfill's WebAssembly reads it), also without network: the connect
 * waits on B's device and lands once when the network is back.
 */

const CONNECTED = "You've successfully connected with this user.";

async function shareLinkOf(member: ApiMember, baseURL: string): Promise<string> {
  const answer = await member.api.post('/api/users/me/share');
  expect(answer.status()).toBe(200);
  return new URL(((await answer.json()) as ShareResponse).shareUrl, baseURL).href;
}

/** A Chromium whose camera films `text` as a QR code; the caller closes it. */
async function browserFilming(text: string, file: string): Promise<Browser> {
  await writeQrVideo(file, text);
  return chromium.launch({ executablePath: headlessShellPath(), args: [...chromiumArgs, ...fakeCameraArgs(file)] });
}

test('B scans A’s QR code without network: the connect waits, lands once when back online, and both are connected', async ({ members, baseURL }, testInfo) => {
  const ada = await members.create({ tag: 'Shows QR', firstName: 'Ada' });
  const link = await shareLinkOf(ada, baseURL!);

  // A's own code: the share link, drawn on the profile.
  const adaPage = await ada.context.newPage();
  await adaPage.goto('/profile');
  await acceptCookieBanner(adaPage);
  await adaPage.getByRole('button', { name: 'My QR code' }).click();
  const dialog = adaPage.getByRole('dialog', { name: 'My QR code' });
  await expect(dialog.getByRole('img', { name: 'QR code of your profile link' })).toBeVisible();
  await adaPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(adaPage.getByRole('button', { name: 'My QR code' })).toBeFocused();
  // Kept on the device: the code shows at a venue without network, after a restart too.
  await waitForServiceWorkerControl(adaPage);
  await expect.poll(() => adaPage.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEYS.queryCache)).toContain(link);
  await ada.context.setOffline(true);
  await adaPage.reload();
  await adaPage.getByRole('button', { name: 'My QR code' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code of your profile link' })).toBeVisible();
  await adaPage.keyboard.press('Escape');

  const browser = await browserFilming(link, testInfo.outputPath('ada-code.y4m'));
  let bob: ApiMember | undefined;
  try {
    bob = await createApiMember(browser, baseURL!, { tag: 'Scans QR', firstName: 'Bob' });
    const page = await bob.context.newPage();
    await page.goto('/profile');
    await acceptCookieBanner(page);
    // Installed: the worker holds the app, the reader's WebAssembly included.
    await waitForServiceWorkerControl(page);
    const native = await page.evaluate(() => 'BarcodeDetector' in window);
    testInfo.annotations.push({ type: 'QR reader', description: native ? "the browser's BarcodeDetector" : 'the polyfill (zxing WebAssembly)' });

    await bob.context.setOffline(true);
    await page.getByRole('button', { name: 'Scan' }).click();
    await expect(page).toHaveURL(link);
    await expect(page.getByText("You're offline, so this profile can't be shown yet.")).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: "Will connect when you're back online" })).toBeVisible();
    expect(await connectionsOf(bob)).toEqual([]);

    await bob.context.setOffline(false);
    await expect(page.getByText(CONNECTED)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();
    await expect(page.getByText("You're connected.")).toBeVisible();

    expect((await connectionsOf(bob)).map((connection) => connection.id)).toEqual([ada.id]);
    expect((await connectionsOf(ada)).map((connection) => connection.id)).toEqual([bob.id]);
  } finally {
    await bob?.context.close();
    await bob?.api.dispose();
    await browser.close();
  }
});

test('a code that is not a Mingle link says so and scanning goes on; a pasted link opens the profile, whose Connect waits offline', async ({
  members,
  baseURL,
}, testInfo) => {
  const ada = await members.create({ tag: 'Pasted link', firstName: 'Ada' });
  const link = await shareLinkOf(ada, baseURL!);
  const browser = await browserFilming('https://example.com/tickets/4711', testInfo.outputPath('other-code.y4m'));
  let bob: ApiMember | undefined;
  try {
    bob = await createApiMember(browser, baseURL!, { tag: 'Pastes link', firstName: 'Bob' });
    const page = await bob.context.newPage();
    await page.goto('/profile');
    await acceptCookieBanner(page);
    await page.getByRole('button', { name: 'Scan' }).click();
    const scanner = page.getByRole('dialog', { name: 'Scan a QR code' });
    await expect(scanner.getByText("That code isn't a Mingle profile. Keep scanning.")).toBeVisible({ timeout: 15_000 });
    await expect(scanner).toBeVisible();

    // Closing the scanner turns the camera off.
    const stream = await page.evaluateHandle(() => document.querySelector('video')?.srcObject as MediaStream);
    expect(await stream.evaluate((s) => s.getTracks().map((track) => track.readyState))).toEqual(['live']);
    await page.keyboard.press('Escape');
    await expect(scanner).toBeHidden();
    expect(await stream.evaluate((s) => s.getTracks().map((track) => track.readyState))).toEqual(['ended']);
    await page.getByRole('button', { name: 'Scan' }).click();

    const paste = scanner.getByRole('textbox', { name: 'Or paste their profile link' });
    await paste.fill('https://example.com/users/someone');
    await scanner.getByRole('button', { name: 'Open' }).click();
    await expect(scanner.getByRole('alert')).toHaveText("That isn't a Mingle profile link.");
    await paste.fill(link);
    await scanner.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();

    // Connect pressed after the network dropped waits on the device, and lands once.
    await waitForServiceWorkerControl(page);
    await bob.context.setOffline(true);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('status').filter({ hasText: "Will connect when you're back online" })).toBeVisible();
    expect(await connectionsOf(bob)).toEqual([]);
    await bob.context.setOffline(false);
    await expect(page.getByText(CONNECTED)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("You're connected.")).toBeVisible();
    expect((await connectionsOf(bob)).map((connection) => connection.id)).toEqual([ada.id]);
    expect((await connectionsOf(ada)).map((connection) => connection.id)).toEqual([bob.id]);
  } finally {
    await bob?.context.close();
    await bob?.api.dispose();
    await browser.close();
  }
});

test('without a camera the scanner says so and offers the paste field; Escape closes it and focus returns; a code never loaded says so offline', async ({
  members,
}) => {
  // The suite's own browser has no camera at all.
  const bob = await members.create({ tag: 'No camera', firstName: 'Bob' });
  const page = await bob.context.newPage();
  await page.goto('/profile');
  await acceptCookieBanner(page);
  await waitForServiceWorkerControl(page);
  // Never opened online on this device: nothing to show offline, and it says so.
  await bob.context.setOffline(true);
  await page.getByRole('button', { name: 'My QR code' }).click();
  const code = page.getByRole('dialog', { name: 'My QR code' });
  await expect(code).toContainText("You're offline, and your QR code has not been loaded on this device yet.");
  await code.getByRole('button', { name: 'Close' }).click();
  await bob.context.setOffline(false);

  await page.getByRole('button', { name: 'Scan' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan a QR code' });
  await expect(scanner.getByText(/^(No camera found|Camera access was refused)\. Paste their profile link instead\.$/)).toBeVisible();
  await expect(scanner.getByRole('textbox', { name: 'Or paste their profile link' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(scanner).toBeHidden();
  await expect(page.getByRole('button', { name: 'Scan' })).toBeFocused();
});

test('the QR dialogs on a small phone pass axe in both colour schemes', async ({ members }) => {
  const ada = await members.create({ tag: 'Axe QR', firstName: 'Ada' });
  const page = await ada.context.newPage();
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/profile');
  await acceptCookieBanner(page);
  for (const [button, dialog, ready] of [
    ['My QR code', 'My QR code', 'QR code of your profile link'],
    ['Scan', 'Scan a QR code', 'Or paste their profile link'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('dialog', { name: dialog }).getByRole(button === 'Scan' ? 'textbox' : 'img', { name: ready })).toBeVisible();
    expect(await seriousViolationsInBothSchemes(page), dialog).toEqual([]);
    await page.keyboard.press('Escape');
  }
});
