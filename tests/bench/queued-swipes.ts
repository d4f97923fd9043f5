/**
 * The offline start benchmark's second series (offline-start.ts): a member who swiped at the venue
 * with no network, closed the app and opens it again with those swipes still in the outbox. Here
 * the swipes are made (by keyboard, in a page of the warm profile, the network off) and checked:
 * they sit in IndexedDB, the outbox's summary says they do, the server never got them, and a later
 * start's deck does not show their cards.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { Interaction } from '../../contract/attendees';
import { outboxRecords } from '../support/outbox';
import type { AppServer } from './processes';

const KEYS = ['ArrowRight', 'ArrowLeft', 'ArrowRight'] as const;
const WAIT_MS = 15_000;
const POLL_MS = 100;

/** The names on the deck's cards, top card first (plain JavaScript text: it also runs inside WATCHER). */
export const CARD_NAMES = `() => {
  const name = (card) => (card.querySelector('h2')?.textContent ?? '').trim();
  const top = [...document.querySelectorAll('article:not([aria-hidden="true"])')].map(name);
  const behind = [...document.querySelectorAll('article[aria-hidden="true"]')].map(name).reverse();
  return [...top, ...behind];
}`;

export interface QueuedSwipes {
  /** The swiped cards' names, in order. */
  names: string[];
  /** Their member ids, as the outbox holds them. */
  ids: string[];
  directions: string[];
  /** The cards the deck showed once the swipes were made (top first): what a later start must show. */
  cardsAfter: string[];
  /** The outbox records' states ('pending' while offline). */
  states: string[];
  /** What the outbox summaries in localStorage say (what a later start reads before IndexedDB opens). */
  summary: Array<string | null>;
  /** How many records the copies of the event's records hold (src/offline/event-records-copy.ts). */
  copied: number;
}

async function waitUntil<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`queued swipes: ${what} within ${WAIT_MS / 1000} s (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** What an offline start reads before IndexedDB opens (src/offline/outbox-summary.ts), for every member. */
export const outboxSummaries = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('mingle.outboxSummary.'))
      .map((key) => localStorage.getItem(key)),
  );

/** The records in every copy of an event's records (src/offline/event-records-copy.ts). */
const copiedRecords = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('mingle.outboxEvent.') && !key.startsWith('mingle.outboxEvent.adds.'))
      .reduce((sum, key) => sum + (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length, 0),
  );

/**
 * Opens the deck in a new page while the context is offline (it must be) and swipes the top card
 * three times with the arrow keys (right, left, right); answers once the outbox holds the three
 * records, its summary counts them, and the persisted query cache had time to be written.
 */
export async function queueSwipesOffline(context: BrowserContext, url: string, settleMs: number): Promise<QueuedSwipes> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    const top = page.locator('article:not([aria-hidden="true"])');
    await top.waitFor({ state: 'visible', timeout: WAIT_MS });
    if ((await page.evaluate(() => navigator.onLine)) !== false) throw new Error('queued swipes: the page is online; they would be sent');
    const names: string[] = [];
    for (const [i, key] of KEYS.entries()) {
      await page.getByRole('button', { name: /^Connect with / }).waitFor({ state: 'visible', timeout: WAIT_MS });
      names.push(((await top.locator('h2').textContent()) ?? '').trim());
      await page.keyboard.press(key);
      await waitUntil(
        `swipe ${i + 1} queued`,
        () => outboxRecords(page),
        (records) => records.filter((r) => r.kind === 'swipe').length === i + 1,
      );
    }
    await waitUntil(
      'the outbox summary counting 3',
      () => outboxSummaries(page),
      (values) => values.includes(String(KEYS.length)),
    );
    await waitUntil(
      "the copy of the event's records holding 3",
      () => copiedRecords(page),
      (count) => count === KEYS.length,
    );
    // The persisted query cache is written at most once a second.
    await page.waitForTimeout(settleMs);
    const summary = await outboxSummaries(page);
    const records = (await outboxRecords(page)).filter((r) => r.kind === 'swipe');
    const cardsAfter = (await page.evaluate(`(${CARD_NAMES})()`)) as string[];
    return {
      names,
      ids: records.map((r) => r.toUserId ?? '?'),
      directions: records.map((r) => r.direction ?? '?'),
      cardsAfter,
      states: records.map((r) => r.state),
      summary,
      copied: await copiedRecords(page),
    };
  } finally {
    await page.close();
  }
}

/**
 * Why a start's deck breaks "a queued swipe's card never shows", or null when it shows exactly the
 * cards that followed the swipes. Names are compared (the page shows no ids); the whole stack is,
 * so that two attendees who share a name do not hide a violation.
 */
export function queuedCardShown(cards: readonly string[], queued: QueuedSwipes, { behindMayFollow = false } = {}): string | null {
  const expected = queued.cardsAfter;
  // At the deck's first moment the cards behind the top one may not be there yet (they follow a
  // render later); the ones that are must be the right ones.
  const enough = behindMayFollow ? cards.length >= Math.min(1, expected.length) && cards.length <= expected.length : cards.length === expected.length;
  if (enough && cards.every((name, i) => name === expected[i])) return null;
  const top = cards[0];
  if (top !== undefined && queued.names.includes(top)) return `the top card is ${top}, whose swipe is queued`;
  const behind = cards.slice(1).filter((name) => queued.names.includes(name) && !expected.includes(name));
  if (behind.length > 0) return `a card whose swipe is queued is in the stack behind the top card (${behind.join(', ')})`;
  return `the deck shows ${cards.join(', ') || 'no card'} instead of ${expected.join(', ')}`;
}

/**
 * The member's interactions the server has with the swiped members (the API request does not go
 * through the offline page): none while the swipes stay queued.
 */
export async function sentToServer(context: BrowserContext, server: AppServer, eventId: string, queued: QueuedSwipes): Promise<number> {
  const answer = await context.request.get(`${server.origin}/api/users/interactions/${eventId}`);
  if (answer.status() !== 200) throw new Error(`GET users/interactions: ${answer.status()} ${await answer.text()}`);
  const interactions = (await answer.json()) as Interaction[];
  return interactions.filter((i) => queued.ids.includes(i.toUser.id)).length;
}
