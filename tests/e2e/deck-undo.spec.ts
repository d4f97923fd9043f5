import { expect } from '@playwright/test';
import { adaAndBeaAtOwnEvent, interactionTypes, test } from '../support/api-session';
import { expectTopCard, openDeckTab, waitingToSync } from '../support/meet-page';

/**
 * Undo on the deck, against the real server in Chromium: a connect that already reached the server
 * is undone from the deck's own button (the server forgets it and the card is back), and Ctrl+Z
 * takes back a pass.
 */

test('an Undo right after a delivered connect brings the card back and the server forgets it', async ({ members }) => {
  const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Deck undo');
  const page = await openDeckTab(ada.context, event.id);
  await expectTopCard(page, bea.name);

  await page.getByRole('button', { name: 'Connect with Bea' }).click();
  await expect(page.getByText("You've gone through all available profiles!")).toBeVisible();
  await expect.poll(() => interactionTypes(ada, event.id)).toEqual({ [bea.id]: 'POSITIVE' });

  await page.getByRole('button', { name: 'Undo connecting with Bea' }).click();
  await expectTopCard(page, bea.name);
  await expect.poll(() => interactionTypes(ada, event.id)).toEqual({});
  await expect(waitingToSync(page)).toHaveCount(0);

  // Ctrl+Z takes back a pass the same way.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText("You've gone through all available profiles!")).toBeVisible();
  await page.keyboard.press('Control+z');
  await expectTopCard(page, bea.name);
  await expect.poll(() => interactionTypes(ada, event.id)).toEqual({});
});
