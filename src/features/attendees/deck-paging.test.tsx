import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeckCandidate } from '../../../contract/attendees';
import { OutboxContext } from '../../offline/outbox-context';
import { candidate, interaction, meetServer, type MeetServer } from '../../test/attendee-fixtures';
import { meetPageTests } from '../../test/meet-page-tests';
import { whileBrowserOffline } from '../../test/offline-browser';
import { renderWithProviders } from '../../test/render';
import { attendeesKeys } from './api/keys';
import { MeetAttendeesPage } from './components/MeetAttendeesPage';
import { DECK_EMPTY_TEXT, DECK_OFFLINE_MORE_TEXT } from './components/SwipeDeck';

/** The deck pages through the server's deck: the next page near the end of what is loaded, online only. */

const EVENT = 'e1';
const PAGE_SIZE = 25;
const PEOPLE: DeckCandidate[] = Array.from({ length: 45 }, (_, i) => candidate(`p${String(i).padStart(2, '0')}`, `Person${i}`));

const { api, device } = meetPageTests(EVENT);
let server: MeetServer;
beforeEach(() => {
  server = meetServer(api, EVENT, PEOPLE, { pageSize: PAGE_SIZE });
});

const render = () =>
  renderWithProviders(
    <OutboxContext value={device.outbox}>
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
    await whileBrowserOffline(async (announceOffline) => {
      render();
      await topName();
      announceOffline();
      const names = await swipeThrough(PAGE_SIZE);
      expect(names).toEqual(PEOPLE.slice(0, PAGE_SIZE).map((p) => `${p.firstName} Tester`));
      expect(await screen.findByText(DECK_EMPTY_TEXT)).toBeTruthy();
      expect(screen.getByText(DECK_OFFLINE_MORE_TEXT)).toBeTruthy();
      expect(pageRequests()).toHaveLength(1);
    });
  });
});
