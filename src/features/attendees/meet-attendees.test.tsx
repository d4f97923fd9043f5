import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Connection, DeckCandidate } from '../../../contract/attendees';
import { instructionsDismissedKey } from '../../lib/storage-keys';
import { goalMutation } from '../../offline/mutations/goal';
import { swipeMutation } from '../../offline/mutations/swipe';
import { OutboxContext } from '../../offline/outbox-context';
import { candidate, interaction } from '../../test/attendee-fixtures';
import { makeEventItem, makeLockedItem } from '../../test/event-fixtures';
import { meetPageTests } from '../../test/meet-page-tests';
import { whileBrowserOffline } from '../../test/offline-browser';
import { renderWithProviders } from '../../test/render';
import { useToastStore } from '../../ui/toast-store';
import { DECK_EMPTY_TEXT } from './components/SwipeDeck';
import { EVENT_OVER_REASON, MeetAttendeesPage, NOT_REGISTERED_REASON, PRO_ONLY_REASON } from './components/MeetAttendeesPage';

const EVENT = 'e1';
/** People the member interacted with earlier; none of them is in the deck. */
const ADA = { id: 'u-Ada', firstName: 'Ada' };
const LINUS = { id: 'u-Linus', firstName: 'Linus' };
const KEN = { id: 'u-Ken', firstName: 'Ken' };

let reducedMotion = true;
const { api, device } = meetPageTests(EVENT, () => reducedMotion);
beforeEach(() => {
  reducedMotion = true;
  deck([candidate('c1', 'Grace'), candidate('c2', 'Alan'), candidate('c3', 'Edsger'), candidate('c4', 'Barbara')]);
  api.on(`GET /api/users/interactions/${EVENT}`, { status: 200, body: [] });
});

function deck(attendees: DeckCandidate[]) {
  api.on(`GET /api/events/${EVENT}/attendees`, { status: 200, body: { attendees, nextCursor: null } });
}

const render = () =>
  renderWithProviders(
    <OutboxContext value={device.outbox}>
      <MeetAttendeesPage eventId={EVENT} />
    </OutboxContext>,
  );

const topCard = () => screen.findByRole('article');
const queued = async () => (await device.outbox.records('swipe', (r) => r.payload.eventId === EVENT)).map((r) => [r.payload.toUserId, r.payload.direction]);

describe('Meet Attendees', () => {
  it('shows the three tabs, the instruction card first and the top card with its texts', async () => {
    render();
    const card = await topCard();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All Attendees', 'Connections', 'Interactions']);
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'Grace Tester' })).toBeTruthy();
    for (const text of ["Grace's role", 'Stockholm', "Grace's story", "Grace's goal"]) expect(within(card).getByText(text)).toBeTruthy();
    // At most three cards in the DOM (one interactive, two behind, which follow a render later).
    await waitFor(() => expect(document.querySelectorAll('.swipe-card')).toHaveLength(3));
    const deckRequest = api.requests.find((r) => r.path === `/api/events/${EVENT}/attendees`);
    expect(deckRequest?.query.get('limit')).toBe('200');
  });

  it('remembers the instruction card dismissal per event', async () => {
    const { unmount } = render();
    await topCard();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('heading', { name: 'How it works' })).toBeNull();
    expect(localStorage.getItem(instructionsDismissedKey(EVENT))).not.toBeNull();
    unmount();
    render();
    await topCard();
    expect(screen.queryByRole('heading', { name: 'How it works' })).toBeNull();
  });

  it('ArrowRight and ArrowLeft queue a right and a left swipe and remove the cards', async () => {
    render();
    await topCard();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Alan Tester' })).toBeTruthy());
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Edsger Tester' })).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Grace Tester' })).toBeNull();
    await waitFor(async () =>
      expect(await queued()).toEqual([
        ['c1', 'right'],
        ['c2', 'left'],
      ]),
    );
  });

  it('the Connect and Pass buttons do the same, after the 500 ms flight', async () => {
    reducedMotion = false;
    render();
    await topCard();
    fireEvent.click(screen.getByRole('button', { name: 'Connect with Grace' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Alan Tester' })).toBeTruthy(), { timeout: 2000 });
    fireEvent.click(screen.getByRole('button', { name: 'Pass on Alan' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Edsger Tester' })).toBeTruthy(), { timeout: 2000 });
    expect(await queued()).toEqual([
      ['c1', 'right'],
      ['c2', 'left'],
    ]);
  });

  it('a queued swipe keeps the card away after a remount, and the pending count shows', async () => {
    await device.outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: 'c1', direction: 'right' });
    await device.outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: 'c2', direction: 'left' });
    await device.outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'Meet people' });
    render();
    const card = await topCard();
    expect(within(card).getByRole('heading', { name: 'Edsger Tester' })).toBeTruthy();
    expect(await screen.findByText('3 waiting to sync')).toBeTruthy();
  });

  it('hides the pending count at 0 and says when the deck is empty', async () => {
    deck([]);
    render();
    expect(await screen.findByText(DECK_EMPTY_TEXT)).toBeTruthy();
    expect(screen.queryByText(/waiting to sync/)).toBeNull();
  });

  it('shows the offline notice while the browser is offline', async () => {
    await whileBrowserOffline(async (announceOffline) => {
      render();
      await topCard();
      announceOffline();
      expect(screen.getByText(/You're offline/)).toBeTruthy();
    });
  });

  it('lists Interested In and Passed with queued swipes overlaid, and Undo removes them', async () => {
    api.on(`GET /api/users/interactions/${EVENT}`, {
      status: 200,
      body: [interaction('i1', 'POSITIVE', ADA), interaction('i2', 'NEGATIVE', LINUS), interaction('i3', 'POSITIVE', KEN, EVENT, true)],
    });
    await device.outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: 'c1', direction: 'right' });
    render();
    await topCard();
    fireEvent.click(screen.getByRole('tab', { name: 'Interactions' }));
    expect(await screen.findByRole('heading', { name: 'Interested In (2)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Passed (1)' })).toBeTruthy();
    expect(screen.queryByText('Ken Tester')).toBeNull();

    // Undo of a queued swipe cancels it.
    fireEvent.click(screen.getByRole('button', { name: 'Undo Grace Tester' }));
    expect(await screen.findByRole('heading', { name: 'Interested In (1)' })).toBeTruthy();
    await waitFor(async () => expect(await queued()).toEqual([]));

    // Undo of a sent one queues an undo for the server.
    fireEvent.click(screen.getByRole('button', { name: 'Undo Linus Tester' }));
    expect(await screen.findByRole('heading', { name: 'Passed (0)' })).toBeTruthy();
    await waitFor(async () => expect(await device.outbox.pendingCount()).toBe(1));
  });

  it('lists the connections made at this event, or says there are none', async () => {
    const connection = (id: string, firstName: string, eventId: string | null): Connection => ({
      id,
      firstName,
      lastName: 'Tester',
      imageUrl: null,
      role: 'Designer',
      story: null,
      location: null,
      eventId,
      eventName: null,
      eventStartsAt: null,
      email: `${id}@example.com`,
      phone: null,
      linkedinUrl: null,
      connectedAt: '2026-01-01T00:00:00.000Z',
    });
    render();
    await topCard();
    fireEvent.click(screen.getByRole('tab', { name: 'Connections' }));
    expect(await screen.findByText('No connections at this event yet')).toBeTruthy();
    cleanup();
    api.on('GET /api/users/connections', { status: 200, body: [connection('k1', 'Hedy', EVENT), connection('k2', 'Alan', 'other')] });
    render();
    await topCard();
    fireEvent.click(screen.getByRole('tab', { name: 'Connections' }));
    expect(await screen.findByText('Hedy Tester')).toBeTruthy();
    expect(screen.queryByText('Alan Tester')).toBeNull();
  });

  it('sends a member who is not registered back to the event with the reason, when no join flow is given', async () => {
    api.on(`GET /api/events/${EVENT}`, { status: 200, body: makeEventItem({ isRegistered: false }) });
    render();
    await waitFor(() => expect(window.location.pathname).toBe(`/events/${EVENT}`));
    expect(useToastStore.getState().toasts[0]?.description).toBe(NOT_REGISTERED_REASON);
    expect(api.requests.some((r) => r.path === `/api/events/${EVENT}/attendees`)).toBe(false);
  });

  it('sends a member without PRO back from a PRO-only event, saying PRO is needed rather than registering', async () => {
    api.on(`GET /api/events/${EVENT}`, { status: 200, body: makeLockedItem(EVENT) });
    render();
    await waitFor(() => expect(window.location.pathname).toBe(`/events/${EVENT}`));
    expect(useToastStore.getState().toasts[0]?.description).toBe(PRO_ONLY_REASON);
    expect(api.requests.some((r) => r.path === `/api/events/${EVENT}/attendees`)).toBe(false);
  });

  it('sends a member back from an event that is over, with the reason', async () => {
    api.on(`GET /api/events/${EVENT}`, { status: 200, body: makeEventItem({ isRegistered: false, dateTime: '2020-01-01T10:00:00Z', endDateTime: null }) });
    render();
    await waitFor(() => expect(window.location.pathname).toBe(`/events/${EVENT}`));
    expect(useToastStore.getState().toasts[0]?.description).toBe(EVENT_OVER_REASON);
    expect(api.requests.some((r) => r.path === `/api/events/${EVENT}/attendees`)).toBe(false);
  });
});
