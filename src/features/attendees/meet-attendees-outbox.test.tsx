import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useEffect, useState, type ReactElement } from 'react';
import type { Outbox } from '../../offline/outbox';
import { swipeMutation } from '../../offline/mutations/swipe';
import { OutboxContext, OutboxLoadContext, type OutboxLoad } from '../../offline/outbox-context';
import { createSyncEngine } from '../../offline/sync-engine';
import { batchAnswer, batchItems, fakeNetwork, memoryLock } from '../../offline/test-helpers';
import { candidate, interaction, meetServer, type MeetServer } from '../../test/attendee-fixtures';
import { makeMe } from '../../test/fixtures';
import { meetPageTests } from '../../test/meet-page-tests';
import { renderWithProviders } from '../../test/render';
import { useToastStore } from '../../ui/toast-store';
import { MeetAttendeesPage } from './components/MeetAttendeesPage';
import { NO_OUTBOX_TEXT } from './components/SwipeDeck';

/** Meet Attendees over the member's outbox: queued swipes and undos overlaid, refused records, loading. */

const EVENT = 'e1';
const GRACE = candidate('c1', 'Grace', { imageUrl: '/media/grace.jpg' });
const ALAN = candidate('c2', 'Alan');
const EDSGER = candidate('c3', 'Edsger');
const LINUS = candidate('c4', 'Linus');
const ADA = candidate('c5', 'Ada');

const { api, device } = meetPageTests(EVENT);
let server: MeetServer;
beforeEach(() => {
  server = meetServer(api, EVENT, [GRACE, ALAN, EDSGER, LINUS, ADA]);
});

function page(load: OutboxLoad, box: Outbox | null): ReactElement {
  return (
    <OutboxLoadContext value={load}>
      <OutboxContext value={box}>
        <MeetAttendeesPage eventId={EVENT} />
      </OutboxContext>
    </OutboxLoadContext>
  );
}
const render = () => renderWithProviders(page('loading', device.outbox));
const topCard = (name: string) => screen.findByRole('article', { name });
const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const queuedSwipes = async () =>
  (await device.outbox.records('swipe', (r) => r.payload.eventId === EVENT)).map((r) => `${r.payload.direction} ${r.payload.toUserId}`);

describe('queued swipes in the Interactions tab', () => {
  it('a swipe shows at once under Interested In / Passed with the name and photo from the deck', async () => {
    render();
    await topCard('Grace Tester');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await topCard('Alan Tester');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await topCard('Edsger Tester');
    openTab('Interactions');
    const interested = await screen.findByRole('region', { name: 'Interested In' });
    expect(within(interested).getByRole('heading', { name: 'Interested In (1)' })).toBeTruthy();
    expect(within(interested).getByText('Grace Tester')).toBeTruthy();
    expect(interested.querySelector('img')?.getAttribute('src')).toBe('/media/grace.jpg');
    const passed = screen.getByRole('region', { name: 'Passed' });
    expect(within(passed).getByRole('heading', { name: 'Passed (1)' })).toBeTruthy();
    expect(within(passed).getByText('Alan Tester')).toBeTruthy();
  });

  it('undoing a queued pass cancels it in the outbox and the person is back in the deck', async () => {
    render();
    await topCard('Grace Tester');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await topCard('Alan Tester');
    await waitFor(async () => expect(await queuedSwipes()).toEqual([`left ${GRACE.id}`]));
    openTab('Interactions');
    fireEvent.click(await screen.findByRole('button', { name: 'Undo Grace Tester' }));
    expect(screen.getByRole('heading', { name: 'Passed (0)' })).toBeTruthy();
    await waitFor(async () => expect(await queuedSwipes()).toEqual([]));
    expect(await device.outbox.pendingCount()).toBe(0);
    openTab('All Attendees');
    expect(await topCard('Grace Tester')).toBeTruthy();
  });

  it('an interaction whose undo is queued disappears at once and stays hidden after a reload', async () => {
    server.interactions = [interaction('i1', 'POSITIVE', ADA), interaction('i2', 'NEGATIVE', LINUS)];
    const first = render();
    await topCard('Grace Tester');
    openTab('Interactions');
    expect(await screen.findByRole('heading', { name: 'Passed (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo Linus Tester' }));
    expect(screen.getByRole('heading', { name: 'Passed (0)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Interested In (1)' })).toBeTruthy();
    await waitFor(async () => expect(await device.outbox.pendingCount()).toBe(1));
    first.unmount();

    // The server still has the pass: only the queued undo hides it.
    render();
    await topCard('Grace Tester');
    expect(await screen.findByText('1 waiting to sync')).toBeTruthy();
    openTab('Interactions');
    expect(await screen.findByRole('heading', { name: 'Passed (0)' })).toBeTruthy();
    expect(screen.queryByText('Linus Tester')).toBeNull();
    expect(screen.getByText('Ada Tester')).toBeTruthy();
  });
});

describe('records the server refused', () => {
  async function refuse(status: number, error: string) {
    const network = fakeNetwork();
    // Every swipe is refused, whether it goes alone or in a batch with others.
    const refusal = { status, body: { error } };
    network.setDefault((request) => (batchItems(request) ? batchAnswer(request, () => refusal) : refusal));
    const engine = createSyncEngine({ userId: makeMe().id, db: device.db, send: network.send, lock: memoryLock() });
    engine.start();
    await engine.syncNow();
    engine.stop();
  }

  it('names the card and gives the server’s reason; Retry queues it again, Discard brings the card back', async () => {
    await device.outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: GRACE.id, direction: 'right' });
    await device.outbox.enqueue(swipeMutation, { eventId: 'another-event', toUserId: 'someone', direction: 'left' });
    await refuse(403, 'Only attendees of this event can do this');
    await refuse(404, 'User not found');
    render();
    const failed = await screen.findByRole('list', { name: 'Not synced' });
    // Only this event's record, naming the card once the deck is there; the deck keeps it away meanwhile.
    expect(within(failed).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(failed.textContent).toContain('Connect with Grace Tester was not saved. Only attendees of this event can do this.'));
    expect(await topCard('Alan Tester')).toBeTruthy();

    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 waiting to sync')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Not synced' })).toBeNull();

    await refuse(403, 'Only attendees of this event can do this');
    fireEvent.click(within(await screen.findByRole('list', { name: 'Not synced' })).getByRole('button', { name: 'Discard' }));
    expect(await topCard('Grace Tester')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Not synced' })).toBeNull();
  });

  it('offers only Discard when sending again would fail the same way', async () => {
    await device.outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: GRACE.id, direction: 'left' });
    await refuse(404, 'User not found');
    render();
    const failed = await screen.findByRole('list', { name: 'Not synced' });
    await waitFor(() => expect(failed.textContent).toContain('Pass on Grace Tester was not saved. User not found.'));
    expect(within(failed).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(failed).getByRole('button', { name: 'Discard' })).toBeTruthy();
  });
});

describe('while the outbox loads, and without IndexedDB', () => {
  it('the deck waits for the outbox, so a queued card never shows', async () => {
    await device.outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: GRACE.id, direction: 'right' });
    let arrive: (box: Outbox) => void = () => {};
    function OutboxArrivingLater() {
      const [box, setBox] = useState<Outbox | null>(null);
      useEffect(() => void (arrive = setBox), []);
      return page('loading', box);
    }
    renderWithProviders(<OutboxArrivingLater />);
    await waitFor(() => expect(api.requests.some((r) => r.path === `/api/events/${EVENT}/attendees`)).toBe(true));
    await waitFor(() => expect(api.requests.some((r) => r.path === `/api/users/interactions/${EVENT}`)).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getAllByRole('status').some((s) => s.textContent?.startsWith('Loading'))).toBe(true);
    act(() => arrive(device.outbox));
    expect(await topCard('Alan Tester')).toBeTruthy();
  });

  it('without IndexedDB the deck shows at once, and a swipe says it cannot be saved', async () => {
    renderWithProviders(page('unavailable', null));
    await topCard('Grace Tester');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.description).toBe(NO_OUTBOX_TEXT));
  });
});
