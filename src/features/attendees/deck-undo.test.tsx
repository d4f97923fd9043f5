import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxContext, OutboxLoadContext } from '../../offline/outbox-context';
import { candidate, meetServer } from '../../test/attendee-fixtures';
import { meetPageTests } from '../../test/meet-page-tests';
import { renderWithProviders } from '../../test/render';
import { MeetAttendeesPage } from './components/MeetAttendeesPage';
import { UNDO_WINDOW_MS } from './components/SwipeUndo';

/** Undo on the deck: the last swipe, for a few seconds, with its button or Ctrl/Cmd+Z, through the outbox. */

const EVENT = 'e1';
const GRACE = candidate('c1', 'Grace');
const ALAN = candidate('c2', 'Alan');

const { api, device } = meetPageTests(EVENT);
beforeEach(() => {
  meetServer(api, EVENT, [GRACE, ALAN]);
});
afterEach(() => {
  vi.useRealTimers();
});

const render = () =>
  renderWithProviders(
    <OutboxLoadContext value="loading">
      <OutboxContext value={device.outbox}>
        <MeetAttendeesPage eventId={EVENT} />
      </OutboxContext>
    </OutboxLoadContext>,
  );
const topCard = (name: string) => screen.findByRole('article', { name });
const queued = async () => (await device.outbox.records('swipe')).map((r) => `${r.payload.direction} ${r.payload.toUserId}`);

describe('undo on the deck', () => {
  it('brings the passed card back on top and cancels the queued pass', async () => {
    render();
    await topCard('Grace Tester');
    fireEvent.click(screen.getByRole('button', { name: 'Pass on Grace' }));
    await topCard('Alan Tester');
    await waitFor(async () => expect(await queued()).toEqual([`left ${GRACE.id}`]));

    fireEvent.click(screen.getByRole('button', { name: 'Undo passing on Grace' }));
    expect(await topCard('Grace Tester')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    await waitFor(async () => expect(await queued()).toEqual([]));
    expect(await device.outbox.pendingCount()).toBe(0);
  });

  it('answers Ctrl+Z and Cmd+Z for the last swipe, also after the last card', async () => {
    render();
    await topCard('Grace Tester');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await topCard('Alan Tester');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(await screen.findByText("You've gone through all available profiles!")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo passing on Alan' })).toBeTruthy();

    fireEvent.keyDown(window, { key: 'z', metaKey: true });
    expect(await topCard('Alan Tester')).toBeTruthy();
    // Only the last swipe: Grace's connect stays.
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(async () => expect(await queued()).toEqual([`right ${GRACE.id}`]));
    // The outbox's view of the records reaches the screen a moment after the records change.
    expect(await topCard('Alan Tester')).toBeTruthy();
  });

  it(`is offered for ${UNDO_WINDOW_MS / 1000} seconds after the swipe`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    render();
    await topCard('Grace Tester');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await topCard('Alan Tester');
    expect(screen.getByRole('button', { name: 'Undo passing on Grace' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS - 500));
    expect(screen.getByRole('button', { name: 'Undo passing on Grace' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    // Nothing to undo any more: the key does nothing.
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(screen.getByRole('article', { name: 'Alan Tester' })).toBeTruthy();
    await waitFor(async () => expect(await queued()).toEqual([`left ${GRACE.id}`]));
  });
});
