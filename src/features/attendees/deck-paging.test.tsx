import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeckCandidate } from '../../../contract/attendees';
import type { OutboxDb } from '../../offline/db';
import { createOutbox, type Outbox } from '../../offline/outbox';
import { OutboxContext } from '../../offline/outbox-context';
import { freshDb } from '../../offline/test-helpers';
import { candidate, interaction, meetServer, type MeetServer } from '../../test/attendee-fixtures';
import { makeEventItem } from '../../test/event-fixtures';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { openPage, startStubApi, type StubApi } from '../../test/stub-api';
import { useToastStore } from '../../ui/toast-store';
import { attendeesKeys } from './api/keys';
import { MeetAttendeesPage } from './components/MeetAttendeesPage';
import { DECK_EMPTY_TEXT, DECK_OFFLINE_MORE_TEXT } from './components/SwipeDeck';

/** The deck pages through the server's deck: the next page near the end of what is loaded, online only. */

const EVENT = 'e1';
const PAGE_SIZE = 25;
const PEOPLE: DeckCandidate[] = Array.from({ length: 45 }, (_, i) => candidate(`p${String(i).padStart(2, '0')}`, `Person${i}`));

let api: StubApi;
let server: MeetServer;
let db: OutboxDb;
let outbox: Outbox;

beforeAll(async () => {
  api = await startStubApi();
  window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener: () => {}, removeEventListener: () => {} })) as unknown as typeof window.matchMedia;
});
afterAll(() => api.close());
beforeEach(() => {
  localStorage.clear();
  openPage(api, `/events/${EVENT}/connect`);
  db = freshDb();
  outbox = createOutbox({ userId: makeMe().id, db });
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
  api.on(`GET /api/events/${EVENT}`, { status: 200, body: makeEventItem({ isRegistered: true }) });
  api.on('GET /api/users/connections', { status: 200, body: [] });
  server = meetServer(api, EVENT, PEOPLE, { pageSize: PAGE_SIZE });
});
afterEach(async () => {
  cleanup();
  api.reset();
  useToastStore.setState({ toasts: [] });
  await db.delete();
});

const render = () =>
  renderWithProviders(
    <OutboxContext value={outbox}>
      <MeetAttendeesPage eventId={EVENT} />
    </OutboxContext>,
  );
const topName = async () => (await screen.findByRole('article')).getAttribute('aria-label');
const pageRequests = () => api.requests.filter((r) => r.path === `/api/events/${EVENT}/attendees`);

/** Swipes right through the deck, one card at a time, and returns the names in the order shown. */
async function swipeThrough(count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = await topName();
    names.push(name ?? '');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.queryByRole('article', { name: name ?? '' })).toBeNull());
  }
  return names;
}

describe('deck paging', () => {
  it('loads the next page near the end, once, and shows everyone once in the server’s order', async () => {
    render();
    expect(await topName()).toBe('Person0 Tester');
    expect(pageRequests().map((r) => [r.query.get('limit'), r.query.get('cursor')])).toEqual([['200', null]]);

    // Within 20 cards of the end of the 25 loaded, the next page is asked for.
    const first = await swipeThrough(5);
    await waitFor(() => expect(pageRequests().map((r) => r.query.get('cursor'))).toEqual([null, 'p24']));
    const rest = await swipeThrough(40);
    expect(await screen.findByText(DECK_EMPTY_TEXT)).toBeTruthy();
    expect([...first, ...rest]).toEqual(PEOPLE.map((p) => `${p.firstName} Tester`));
    expect(pageRequests()).toHaveLength(2);
  });

  it('a refetch after deliveries brings no duplicates and no swiped card back', async () => {
    const view = render();
    await swipeThrough(10);
    await waitFor(() => expect(pageRequests()).toHaveLength(2));
    // The server has received the first five swipes; the rest are still queued.
    server.interactions = PEOPLE.slice(0, 5).map((p, i) => interaction(`i${i}`, 'POSITIVE', p));
    await act(() => view.client.invalidateQueries({ queryKey: attendeesKeys.all }));
    await waitFor(() => expect(pageRequests().length).toBeGreaterThanOrEqual(4));
    const rest = await swipeThrough(35);
    expect(rest).toEqual(PEOPLE.slice(10).map((p) => `${p.firstName} Tester`));
    expect(await screen.findByText(DECK_EMPTY_TEXT)).toBeTruthy();
  });

  it('offline, the loaded pages are the deck, and it says more come back online', async () => {
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      render();
      await topName();
      act(() => void window.dispatchEvent(new Event('offline')));
      const names = await swipeThrough(PAGE_SIZE);
      expect(names).toEqual(PEOPLE.slice(0, PAGE_SIZE).map((p) => `${p.firstName} Tester`));
      expect(await screen.findByText(DECK_EMPTY_TEXT)).toBeTruthy();
      expect(screen.getByText(DECK_OFFLINE_MORE_TEXT)).toBeTruthy();
      expect(pageRequests()).toHaveLength(1);
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine;
      if (original) Object.defineProperty(Navigator.prototype, 'onLine', original);
      act(() => void window.dispatchEvent(new Event('online')));
    }
  });
});
