import { expect, type Page } from '@playwright/test';
import type { Message, MessagePage } from '../../contract/messages';
import { test, type ApiMember, type MemberFactory } from '../support/api-session';
import { seriousViolationsInBothSchemes } from '../support/axe';
import { acceptCookieBanner } from '../support/meet-page';
import { connectThroughShare } from '../support/own-events';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * Messages between connections (docs/product.md, 'Messages'): a message reaches the other
 * member's open app without a reload and its state follows them reading it; one written offline
 * goes out once when the network returns; the screens pass axe on a small phone.
 */

/** The sync engine's backoff after reconnecting bounds this wait (no timing is asserted). */
const DELIVERY_TIMEOUT = 120_000;
test.describe.configure({ timeout: 240_000 });

async function adaAndBea(members: MemberFactory, tag: string): Promise<{ ada: ApiMember; bea: ApiMember }> {
  const ada = await members.create({ tag: `${tag} A`, firstName: 'Ada' });
  const bea = await members.create({ tag: `${tag} B`, firstName: 'Bea' });
  await connectThroughShare(ada, bea);
  return { ada, bea };
}

async function messagesOf(member: ApiMember, withId: string): Promise<Message[]> {
  const answer = await member.api.get(`/api/conversations/${withId}/messages`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as MessagePage).messages;
}

async function openConversation(page: Page, other: ApiMember): Promise<void> {
  await page.goto(`/messages/${other.id}`);
  await acceptCookieBanner(page);
  await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
}

/** A message bubble of the conversation, by its text. */
const bubble = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

test("a message reaches Bea's open app without a reload, and turns 'Read' when she opens it", async ({ members }) => {
  const { ada, bea } = await adaAndBea(members, 'Messages live');
  const phone = await bea.context.newPage();
  await phone.goto('/messages');
  await acceptCookieBanner(phone);
  await expect(phone.getByText('No messages yet')).toBeVisible();

  const page = await ada.context.newPage();
  await openConversation(page, bea);
  await page.getByRole('textbox', { name: `Message ${bea.firstName}` }).fill('Hello Bea, coffee at the break? https://example.com/agenda');
  // Sending waits for the outbox to be there (its code and IndexedDB).
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(bubble(page, 'Hello Bea')).toContainText(/Sent|Delivered/, { timeout: DELIVERY_TIMEOUT });
  await expect(page.getByRole('textbox', { name: `Message ${bea.firstName}` })).toHaveValue('');

  await test.step("Bea's list shows it as it arrives, with the navigation's unread count", async () => {
    const row = phone.getByRole('link', { name: new RegExp(ada.name) });
    await expect(row).toContainText('Hello Bea, coffee at the break?');
    await expect(row).toContainText('1 unread');
    // The badge is drawn by the styles; its text alternative completes the entry's name.
    await expect(phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Messages/ })).toHaveAccessibleName(/Messages\s*1 unread/);
  });

  await test.step('Bea opens it: the link opens outside the app, and Ada sees it read', async () => {
    await phone.getByRole('link', { name: new RegExp(ada.name) }).click();
    await expect(phone.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();
    const link = phone.getByRole('link', { name: 'https://example.com/agenda' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(bubble(page, 'Hello Bea')).toContainText('Read');
    await expect(phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Messages/ })).toHaveAccessibleName('Messages');
  });

  await test.step("Bea's answer reaches Ada's open conversation", async () => {
    await phone.getByRole('textbox', { name: `Message ${ada.firstName}` }).fill('Yes! Stand 4 at 15:00');
    await phone.getByRole('button', { name: 'Send' }).click();
    await expect(bubble(page, 'Yes! Stand 4 at 15:00')).toBeVisible();
  });
});

test('a message written offline waits, then reaches Bea once when the network returns', async ({ members }) => {
  const { ada, bea } = await adaAndBea(members, 'Messages offline');
  const page = await ada.context.newPage();
  await openConversation(page, bea);
  await waitForServiceWorkerControl(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: bea.name })).toBeVisible();

  await ada.context.setOffline(true);
  await page.getByRole('textbox', { name: `Message ${bea.firstName}` }).fill('Written in the basement');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(bubble(page, 'Written in the basement')).toContainText('Waiting to send');
  // Still there after a reload offline: the outbox keeps it.
  await page.reload();
  await expect(bubble(page, 'Written in the basement')).toContainText('Waiting to send');

  await ada.context.setOffline(false);
  await expect(bubble(page, 'Written in the basement')).not.toContainText('Waiting to send', { timeout: DELIVERY_TIMEOUT });
  const received = (await messagesOf(bea, ada.id)).filter((m) => m.text === 'Written in the basement');
  expect(received).toHaveLength(1);
  expect(received[0]!.fromMe).toBe(false);
});

test('the messages screens at 360x640 have no serious accessibility violation in either colour scheme', async ({ members }) => {
  const { ada, bea } = await adaAndBea(members, 'Messages axe');
  const id = crypto.randomUUID();
  const sent = await bea.api.put(`/api/conversations/${ada.id}/messages/${id}`, {
    data: { text: 'Welcome to the summit!' },
    headers: { 'Idempotency-Key': id },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const page = await ada.context.newPage();
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/messages');
  await acceptCookieBanner(page);
  for (const [path, heading] of [
    ['/messages', 'Messages'],
    [`/messages/${bea.id}`, bea.name],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Welcome to the summit!')).toBeVisible();
    expect(await seriousViolationsInBothSchemes(page), path).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} fits a 360 px screen`).toBeLessThanOrEqual(0);
  }
  // The composer stands above the navigation bar.
  const composer = await page.getByRole('button', { name: 'Send' }).boundingBox();
  const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  expect(composer!.y + composer!.height).toBeLessThanOrEqual(nav!.y);
});
