import { expect } from '@playwright/test';
import { outboxSummaryKey } from '../../src/offline/outbox-summary';
import { createCommunityEvent, interactionTypes, joinEvent, deckOf, test, type ApiMember } from '../support/api-session';
import { acceptCookieBanner, expectTopCard, openMeetPage, waitingToSync } from '../support/meet-page';
import { waitForServiceWorkerControl } from '../support/pwa';

/**
 * An offline start whose outbox holds nothing shows the deck without waiting for IndexedDB
 * (docs/decisions.md, 'Offline start without waiting for IndexedDB'). A swipe made the moment the
 * deck shows, before the outbox may have opened, is kept, never shows again after another offline
 * start, and reaches the server once.
 */

/** See venue-offline.spec.ts: a bound on the sync engine's backoff after reconnecting, not a timing asserted. */
const DELIVERY_TIMEOUT = 60_000;

test('a swipe made as soon as the deck shows offline is kept, stays swiped after another offline start, and is delivered once', async ({ members }) => {
  test.setTimeout(120_000);
  const host = await members.create({ tag: 'Start host', firstName: 'Olga' });
  const event = await createCommunityEvent(host, `E2E start ${Date.now().toString(36)}`);
  const guest = await members.create({ tag: 'Start guest', firstName: 'Pavel' });
  await joinEvent(guest, event.id, { secret: event.joinSecret });
  const me: ApiMember = await members.create({ tag: 'Start me', firstName: 'Quinn' });
  await joinEvent(me, event.id, { secret: event.joinSecret });
  const order = await deckOf(me, event.id);
  const [first, second] = order.map((c) => [host, guest].find((m) => m.id === c.id)!) as [ApiMember, ApiMember];

  const page = await me.context.newPage();
  await openMeetPage(page, event.id);
  await acceptCookieBanner(page);
  await expectTopCard(page, first.name);
  await waitForServiceWorkerControl(page);
  // The outbox was counted empty on this visit: the next start shows the deck without waiting for it.
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), outboxSummaryKey(me.id)), { timeout: 15_000 }).toBe('0');

  await me.context.setOffline(true);
  try {
    await page.reload();
    await expectTopCard(page, first.name);
    await page.keyboard.press('ArrowRight');
    await expectTopCard(page, second.name);
    await expect(waitingToSync(page)).toHaveText('1 waiting to sync');

    await page.reload();
    await expectTopCard(page, second.name);
    await expect(waitingToSync(page)).toHaveText('1 waiting to sync');
  } finally {
    await me.context.setOffline(false);
  }

  await expect(waitingToSync(page)).toHaveCount(0, { timeout: DELIVERY_TIMEOUT });
  expect(await interactionTypes(me, event.id)).toEqual({ [first.id]: 'POSITIVE' });
});
