import 'fake-indexeddb/auto';
import '../test/dompurify-happy-dom';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InfiniteData } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeckPage } from '../../contract/attendees';
import { attendeesKeys } from '../features/attendees/api/keys';
import { MeetAttendeesPage } from '../features/attendees/components/MeetAttendeesPage';
import { NO_OUTBOX_TEXT } from '../features/attendees/components/SwipeDeck';
import { authKeys } from '../lib/signed-in-member';
import { eventDetailKeys } from '../features/event-detail/api/keys';
import { FIRST_SCREEN_GRACE_MS } from '../lib/after-first-screen';
import { createQueryClient } from '../lib/query-client';
import { outboxDb } from '../offline/db';
import { createOutbox } from '../offline/outbox';
import { swipeMutation } from '../offline/mutations/swipe';
import { markOutboxAdding } from '../offline/keep-outbox-summary';
import { outboxSummaryKey } from '../offline/outbox-summary';
import { candidate, interaction, meetServer, watchShownText, type MeetServer } from '../test/attendee-fixtures';
import { makeEventItem } from '../test/event-fixtures';
import { makeMe } from '../test/fixtures';
import { whileBrowserOffline } from '../test/offline-browser';
import { stubPrefersReducedMotion } from '../test/reduced-motion';
import { openPage } from '../test/stub-api';
import { stubApiPerFile } from '../test/stub-api-per-file';
import { useToastStore } from '../ui/toast-store';
import { OutboxProvider } from './outbox/OutboxProvider';
import { Providers } from './providers';

/**
 * An offline start of the Meet page with the member's answers already in the query cache (as the
 * persisted cache restores them): the deck shows before IndexedDB answered when the outbox's
 * summary says it holds nothing, and still never shows a card swiped here or in another tab.
 */

const EVENT = 'e1';
const GRACE = candidate('c1', 'Grace');
const ALAN = candidate('c2', 'Alan');
const EDSGER = candidate('c3', 'Edsger');
const ME = makeMe();

const api = stubApiPerFile();
let server: MeetServer;

beforeAll(() => stubPrefersReducedMotion());
beforeEach(async () => {
  await outboxDb().outbox.clear();
  openPage(api, `/events/${EVENT}/connect`);
  api.on('GET /api/users/me', { status: 200, body: ME });
  api.on(`GET /api/events/${EVENT}`, { status: 200, body: makeEventItem({ id: EVENT, isRegistered: true }) });
  api.on('GET /api/users/connections', { status: 200, body: [] });
  server = meetServer(api, EVENT, [GRACE, ALAN, EDSGER]);
});
/** The page rendered from a cache that already holds the member, the event, the deck and the interactions. */
function renderFromRestoredCache() {
  const client = createQueryClient();
  client.setQueryData(authKeys.me(), ME);
  client.setQueryData(eventDetailKeys.event(EVENT), makeEventItem({ id: EVENT, isRegistered: true }));
  const deck: InfiniteData<DeckPage, string | null> = { pages: [{ attendees: [GRACE, ALAN, EDSGER], nextCursor: null }], pageParams: [null] };
  client.setQueryData(attendeesKeys.deck(EVENT), deck);
  client.setQueryData(attendeesKeys.interactions(EVENT), []);
  return render(
    <Providers client={client}>
      <OutboxProvider>
        <MeetAttendeesPage eventId={EVENT} />
      </OutboxProvider>
    </Providers>,
  );
}

const topCard = () => screen.queryByRole('article');
const knownEmpty = () => localStorage.setItem(outboxSummaryKey(ME.id), '0');

describe('the deck on a start whose outbox summary says it is empty', () => {
  it('shows the top card in the first render, before IndexedDB answered', async () => {
    knownEmpty();
    await whileBrowserOffline(async () => {
      renderFromRestoredCache();
      expect(topCard()?.textContent).toContain('Grace Tester');
    });
  });

  it("online, waits for the server's interactions first: another device may have swiped meanwhile", async () => {
    knownEmpty();
    server.interactions = [interaction('i0', 'POSITIVE', GRACE, EVENT)];
    renderFromRestoredCache();
    expect(topCard()).toBeNull();
    expect(await screen.findByRole('article', { name: 'Alan Tester' })).toBeTruthy();
  });

  it('waits for the outbox without a summary (never counted on this device)', async () => {
    renderFromRestoredCache();
    expect(topCard()).toBeNull();
    expect(await screen.findByRole('article', { name: 'Grace Tester' })).toBeTruthy();
  });

  it('queues a swipe made before the outbox loaded once it is there, and it reaches the server', async () => {
    knownEmpty();
    await whileBrowserOffline(async () => {
      renderFromRestoredCache();
      fireEvent.click(screen.getByRole('button', { name: 'Connect with Grace' }));
      expect(topCard()?.textContent).toContain('Alan Tester');
    });
    // The deck asks for the outbox right after its first paint, and the held swipe at once: it
    // lands well before anything waiting for the first screen (FIRST_SCREEN_GRACE_MS) would.
    await waitFor(() => expect(server.writes).toEqual([`POST positive ${GRACE.id}`]), { timeout: FIRST_SCREEN_GRACE_MS / 2 });
    expect(useToastStore.getState().toasts.map((t) => t.description)).not.toContain(NO_OUTBOX_TEXT);
  });

  it('waits again when another tab queues a swipe, and never shows that card afterwards', async () => {
    knownEmpty();
    await whileBrowserOffline(() => anotherTabSwipes());
  });

  async function anotherTabSwipes() {
    renderFromRestoredCache();
    expect(topCard()?.textContent).toContain('Grace Tester');

    // The other tab marks the summary before writing its record (a storage event here).
    const otherTab = createOutbox({ userId: ME.id });
    act(() => {
      markOutboxAdding(ME.id);
      window.dispatchEvent(new StorageEvent('storage', { key: outboxSummaryKey(ME.id) }));
    });
    expect(topCard()).toBeNull();
    const shown = watchShownText();
    await otherTab.enqueue(swipeMutation, { eventId: EVENT, toUserId: GRACE.id, direction: 'left' });

    expect(await screen.findByRole('article', { name: 'Alan Tester' })).toBeTruthy();
    expect(shown.everShown('Grace Tester')).toBe(false);
    shown.stop();
  }
});
