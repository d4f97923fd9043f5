import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Me } from '../../contract/user';
import { adaAndBeaAtOwnEvent, deviceOf, test, type ApiMember } from '../support/api-session';
import { seriousViolations } from '../support/axe';
import { acceptCookieBanner, expectTopCard, notice, openDeckTab, topCard } from '../support/meet-page';

/**
 * The profile photo: a member changes their photo through the 'Change photo' dialog on
 * /profile (a 4000 x 3000 camera-sized JPEG, scaled down in the browser before it is sent), another
 * member at the same event sees it on the member's card in Meet Attendees, and 'Remove' takes it
 * away again. Refusals and going offline are said in the dialog.
 */

const PHOTO_URL = /^\/media\/p\/[\w-]+-512\.webp$/;
const OFFLINE = "You're offline. Your photo can change once you're back online.";

/** A camera-sized photo: noise, so that it is several megabytes as a phone's photo is. */
function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function imageUrlOf(member: ApiMember): Promise<string | null> {
  const answer = await member.api.get('/api/users/me');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as Me).imageUrl;
}

async function openProfile(member: ApiMember): Promise<Page> {
  const page = await member.context.newPage();
  await page.goto('/profile');
  await acceptCookieBanner(page);
  return page;
}

const photoButton = (page: Page) => page.getByRole('button', { name: 'Change photo' });
const photoDialog = (page: Page) => page.getByRole('dialog', { name: 'Change photo' });

/**
 * The photo the page hands to XMLHttpRequest, read back as bytes. Chromium gives tests neither the
 * bytes nor the size of a request body made of a file, so the page keeps a reference as it sends.
 */
async function recordSentPhoto(page: Page): Promise<() => Promise<Buffer>> {
  await page.evaluate(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) (window as unknown as { sentPhoto: unknown }).sentPhoto = body.get('profileImage');
      return send.call(this, body);
    };
  });
  return async () => {
    const base64 = await page.evaluate(async () => {
      const photo = (window as unknown as { sentPhoto: File }).sentPhoto;
      const bytes = new Uint8Array(await photo.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    });
    return Buffer.from(base64, 'base64');
  };
}

/** Every percentage the dialog's progress bar shows, in order, recorded in the page as it changes. */
async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const note = () => {
      const bar = document.querySelector<HTMLProgressElement>('[role="dialog"] progress');
      if (bar && seen[seen.length - 1] !== bar.value) seen.push(bar.value);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

test("a member's new photo is scaled down, uploaded with progress, shown in their header and on their card at an event; Remove takes it away", async ({
  members,
}) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Photo');
  const page = await openProfile(ada);
  await expect(photoButton(page).locator('img')).toHaveCount(0);
  // Without a photo, the initials sit inside the circle (not past its edge).
  const fit = await photoButton(page).evaluate((button) => {
    const initials = button.querySelector('.avatar--initials')!;
    const range = document.createRange();
    range.selectNodeContents(initials);
    const text = range.getBoundingClientRect();
    const circle = initials.getBoundingClientRect();
    // The text box's corners within the circle: the farthest corner's distance from the centre.
    const dx = Math.max(Math.abs(text.left - (circle.left + circle.width / 2)), Math.abs(text.right - (circle.left + circle.width / 2)));
    const dy = Math.max(Math.abs(text.top - (circle.top + circle.height / 2)), Math.abs(text.bottom - (circle.top + circle.height / 2)));
    return Math.hypot(dx, dy) <= circle.width / 2;
  });
  expect(fit).toBe(true);
  await photoButton(page).click();
  const dialog = photoDialog(page);
  await expect(dialog.getByRole('button', { name: 'Remove' })).toHaveCount(0);

  const original = await cameraPhoto();
  await dialog.getByLabel('Choose photo').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: original });
  await expect(dialog.getByRole('img', { name: 'Your new photo' })).toHaveAttribute('src', /^blob:/);

  // Venue Wi-Fi: uploads at 256 KB/s, so the progress is there to see.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
  const progress = await recordProgress(page);
  const sentPhoto = await recordSentPhoto(page);
  await dialog.getByRole('button', { name: 'Use' }).click();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();

  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(notice(page, 'Photo updated')).toBeVisible();
  const shown = await progress();
  expect(shown.at(-1), `progress shown: ${shown.join(', ')}`).toBe(100);
  expect(
    shown.some((percent) => percent > 0 && percent < 100),
    `progress shown: ${shown.join(', ')}`,
  ).toBe(true);
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // What the page sent: the photo scaled down to 1600 x 1200 as a JPEG, far smaller than the camera's.
  const sent = await sentPhoto();
  expect(await sharp(sent).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
  expect(sent.length).toBeLessThan(original.length / 3);

  const imageUrl = await imageUrlOf(ada);
  expect(imageUrl).toMatch(PHOTO_URL);
  const header = photoButton(page).locator('img');
  await expect(header).toHaveAttribute('src', imageUrl!);
  await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);

  // Bea, at the same event, meets Ada with her photo.
  const beaPage = await openDeckTab(bea.context, event.id);
  await expectTopCard(beaPage, ada.name);
  await expect(topCard(beaPage).getByRole('img', { name: ada.name })).toHaveAttribute('src', imageUrl!);

  // Remove: the header shows Ada's initials again, and the server has no photo.
  await photoButton(page).click();
  await photoDialog(page).getByRole('button', { name: 'Remove' }).click();
  await expect(photoDialog(page)).toBeHidden();
  await expect(notice(page, 'Photo removed')).toBeVisible();
  await expect(photoButton(page).locator('img')).toHaveCount(0);
  await expect(photoButton(page)).toHaveText(/^A[A-Z]$/);
  expect(await imageUrlOf(ada)).toBeNull();
});

test('on a phone, the dialog offers the camera; a file the server cannot read is refused and kept for another try; offline, the dialog says a photo waits for the network', async ({
  browser,
  members,
}) => {
  const member = await members.create({ tag: 'Photo refused' });
  const phone = await deviceOf(browser, member, { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  try {
    const page = await phone.newPage();
    await page.goto('/profile');
    await acceptCookieBanner(page);
    await photoButton(page).click();
    const dialog = photoDialog(page);
    await expect(dialog.getByText('Take photo')).toBeVisible();
    await expect(dialog.getByLabel('Take photo')).toHaveAttribute('capture', 'user');

    await dialog.getByLabel('Choose photo').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') });
    await expect(dialog.getByText('No preview for this file')).toBeVisible();
    const use = dialog.getByRole('button', { name: 'Use' });
    await expect(use).toBeInViewport();
    await use.click();
    await expect(dialog.getByRole('alert')).toHaveText('Invalid file typePlease upload an image file');
    await expect(use).toBeEnabled();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    await phone.setOffline(true);
    await expect(dialog.getByText(OFFLINE)).toBeVisible();
    await expect(use).toBeDisabled();
    await phone.setOffline(false);
    await expect(dialog.getByText(OFFLINE)).toBeHidden();
    await expect(use).toBeEnabled();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await imageUrlOf(member)).toBeNull();
  } finally {
    await phone.close();
  }
});
