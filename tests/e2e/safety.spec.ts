import { expect, type Page } from '@playwright/test';
import { adaAndBeaAtOwnEvent, joinEvent, test } from '../support/api-session';
import { seriousViolationsInBothSchemes } from '../support/axe';
import { acceptCookieBanner, expectTopCard, openMeetPage, topCard } from '../support/meet-page';
import { connectThroughShare } from '../support/own-events';
import { waitForServiceWorkerControl } from '../support/pwa';

/** The stored API answers of the service worker that mention `text` (what it would answer offline). */
function storedAnswersMentioning(page: Page, text: string): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    const found: string[] = [];
    for (const name of (await caches.keys()).filter((key) => key.startsWith('mingle-api-'))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if ((await (await cache.match(request))?.text())?.includes(wanted)) found.push(new URL(request.url).pathname);
      }
    }
    return found;
  }, text);
}

/**
 * Block and report in the browser (docs/product.md, 'Safety'): Bea blocks Ada from their
 * conversation, and Ada is gone from Bea's messages, connections and feed, and Bea from Ada's
 * view; Bea reports Cy from the deck and blocks him there, and his card goes; the profile lists
 * both with Unblock. The dialog and the settings pass axe on a small phone.
 */
test('a block hides the member from the deck, the feed, the connections and the messages; a report offers to block', async ({ members }) => {
  test.setTimeout(180_000);
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Safety');
  const cy = await members.create({ tag: 'Safety C', firstName: 'Cy' });
  await joinEvent(cy, event.id, { secret: event.joinSecret });
  await connectThroughShare(ada, bea);
  const id = crypto.randomUUID();
  const sent = await ada.api.put(`/api/conversations/${bea.id}/messages/${id}`, { data: { text: 'Hi Bea!' }, headers: { 'Idempotency-Key': id } });
  expect(sent.status(), await sent.text()).toBe(201);

  const page = await bea.context.newPage();
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(`/messages/${ada.id}`);
  await acceptCookieBanner(page);
  await expect(page.getByText('Hi Bea!')).toBeVisible();
  // The worker keeps what Bea reads for offline use: her connections, with Ada.
  await waitForServiceWorkerControl(page);
  await page.goto('/connections');
  await expect(page.getByText(ada.name)).toBeVisible();
  await expect.poll(() => storedAnswersMentioning(page, ada.id)).toContain('/api/users/connections');
  await page.goto(`/messages/${ada.id}`);
  await expect(page.getByText('Hi Bea!')).toBeVisible();

  await test.step('Bea blocks Ada from their conversation: the dialog says what it ends', async () => {
    await page.getByRole('button', { name: 'Report or block' }).click();
    const dialog = page.getByRole('dialog', { name: ada.name });
    await expect(dialog).toBeVisible();
    expect(await seriousViolationsInBothSchemes(page), 'the safety dialog').toEqual([]);
    await dialog.getByRole('button', { name: `Block ${ada.firstName}` }).click();
    const confirm = page.getByRole('dialog', { name: `Block ${ada.name}?` });
    await expect(confirm).toContainText('Your connection ends');
    await confirm.getByRole('button', { name: `Block ${ada.firstName}` }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByText('No messages yet')).toBeVisible();
  });

  await test.step("Ada is gone from Bea's connections and feed (also what the device keeps for offline use), and Bea from Ada's view", async () => {
    await expect.poll(() => storedAnswersMentioning(page, ada.id)).toEqual([]);
    await page.goto('/connections');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(ada.name)).toHaveCount(0);
    await page.goto('/feed');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(ada.name)).toHaveCount(0);
    expect((await ada.api.get(`/api/users/${bea.id}/public`)).status()).toBe(404);
    expect((await ada.api.get(`/api/conversations/${bea.id}/messages`)).status()).toBe(404);
  });

  await test.step('Bea reports Cy from the deck, then blocks him: his card goes', async () => {
    // A taller phone: a short one shows the card's links once its text is opened.
    await page.setViewportSize({ width: 390, height: 844 });
    await openMeetPage(page, event.id);
    await expectTopCard(page, cy.name);
    await topCard(page).getByRole('button', { name: 'Report or block' }).click();
    await page
      .getByRole('dialog', { name: cy.name })
      .getByRole('button', { name: `Report ${cy.firstName}` })
      .click();
    const report = page.getByRole('dialog', { name: `Report ${cy.firstName}` });
    await report.getByRole('radio', { name: 'Spam' }).check();
    await report.getByRole('textbox', { name: 'Anything to add (optional)' }).fill('Sends the same pitch to everyone.');
    await report.getByRole('button', { name: 'Send report' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thank you for telling us' });
    await expect(thanks).toContainText(`${cy.firstName} is not told`);
    await thanks.getByRole('button', { name: `Block ${cy.firstName}` }).click();
    await expect(page.getByRole('article', { name: cy.name })).toHaveCount(0);
  });

  await test.step("'Privacy and safety' lists both, and Unblock takes one off the list", async () => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Privacy and safety' }).click();
    const settings = page.getByRole('region', { name: 'Privacy and safety' });
    await expect(settings.getByText(ada.name)).toBeVisible();
    await expect(settings.getByText(cy.name)).toBeVisible();
    expect(await seriousViolationsInBothSchemes(page), 'privacy and safety').toEqual([]);
    await settings.getByRole('button', { name: `Unblock ${cy.name}` }).click();
    await expect(settings.getByText(cy.name)).toHaveCount(0);
    await expect(settings.getByText(ada.name)).toBeVisible();
  });
});
