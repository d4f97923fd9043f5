import 'fake-indexeddb/auto';
import '../../test/dompurify-happy-dom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import type { InteractionResult } from '../../../contract/attendees';
import { attendeesKeys } from '../../features/attendees/api/keys';
import { MeetAttendeesPage } from '../../features/attendees/components/MeetAttendeesPage';
import { EventDetailPage } from '../../features/event-detail/components/EventDetailPage';
import { outboxQueuedKey } from '../../lib/storage-keys';
import { outboxDb } from '../../offline/db';
import { createOutbox } from '../../offline/outbox';
import { swipeMutation } from '../../offline/mutations/swipe';
import { candidate, deletableInteractions, interaction, meetServer, watchShownText, type MeetServer } from '../../test/attendee-fixtures';
import { makeEventItem } from '../../test/event-fixtures';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { openPage, startStubApi, type StubApi } from '../../test/stub-api';
import { useToastStore } from '../../ui/toast-store';
import { OutboxProvider } from './OutboxProvider';

/**
 * The app's outbox provider with the real outbox (fake-indexeddb) and the real sync engine sending
 * to the stub API: what a member sees while queued work loads, is delivered and comes back.
 */

const EVENT = 'e1';
const GRACE = candidate('c1', 'Grace');
const ALAN = candidate('c2', 'Alan');
const EDSGER = candidate('c3', 'Edsger');

let api: StubApi;
let server: MeetServer;

beforeAll(async () => {
  api = await startStubApi();
  // Reduced motion: a swipe acts at once, without the 500 ms flight.
  window.matchMedia = ((query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});
afterAll(() => api.close());
beforeEach(async () => {
  localStorage.clear();
  await outboxDb().outbox.clear();
  await outboxDb().leases.clear();
  openPage(api, `/events/${EVENT}/connect`);
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
  api.on(`GET /api/events/${EVENT}`, { status: 200, body: makeEventItem({ isRegistered: true, goal: 'Meet product leads' }) });
  api.on(`GET /api/events/${EVENT}/attendees/my-connections`, { status: 200, body: [] });
  api.on('GET /api/users/connections', { status: 200, body: [] });
  server = meetServer(api, EVENT, [GRACE, ALAN, EDSGER]);
});
afterEach(() => {
  cleanup();
  api.reset();
  useToastStore.setState({ toasts: [] });
});

const render = (ui: ReactElement) => renderWithProviders(<OutboxProvider>{ui}</OutboxProvider>);
const memberOutbox = () => createOutbox({ userId: makeMe().id });
const deckRequests = () => api.requests.filter((r) => r.path === `/api/events/${EVENT}/attendees`).length;

describe('the deck after a reload with queued swipes', () => {
  it('never shows a queued card: not while the outbox loads, nor when the swipe is delivered', async () => {
    await memberOutbox().enqueue(swipeMutation, { eventId: EVENT, toUserId: GRACE.id, direction: 'right' });
    localStorage.setItem(outboxQueuedKey(makeMe().id), '1');
    const shown = watchShownText();
    const { client } = render(<MeetAttendeesPage eventId={EVENT} />);

    expect(within(await screen.findByRole('article')).getByRole('heading', { name: 'Alan Tester' })).toBeTruthy();
    // The engine delivers the swipe; the lists are marked stale after it.
    await waitFor(() => expect(server.writes).toEqual([`POST positive ${GRACE.id}`]));
    await waitFor(async () => expect(await memberOutbox().pendingCount()).toBe(0));
    await waitFor(() => expect(client.getQueryState(attendeesKeys.deck(EVENT))?.isInvalidated).toBe(true));
    // The delivered swipe is in the cached interactions, so the deck is not fetched again while the member swipes.
    expect(deckRequests()).toBe(1);
    expect(screen.getByRole('article', { name: 'Alan Tester' })).toBeTruthy();
    expect(shown.everShown('Grace Tester')).toBe(false);
    shown.stop();
  });
});

describe('swipes and undo online', () => {
  it('sends a swipe at once and congratulates on a mutual like', async () => {
    api.on('POST /api/users/interactions/positive', () => {
      const result: InteractionResult = {
        interaction: interaction('i9', 'POSITIVE', GRACE, EVENT, true),
        newConnection: { id: GRACE.id, firstName: 'Grace', lastName: 'Tester', imageUrl: null },
      };
      return { status: 201, body: result };
    });
    render(<MeetAttendeesPage eventId={EVENT} />);
    await screen.findByRole('article', { name: 'Grace Tester' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: 'Congratulations! 🎉',
        description: "You're now connected with Grace Tester!",
        duration: 3000,
      }),
    );
    const sent = api.requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ toUserId: GRACE.id, eventId: EVENT });
  });

  it('an undone pass disappears at once and the person is back in the deck once the undo is delivered', async () => {
    server.interactions = [interaction('i1', 'NEGATIVE', ALAN, EVENT)];
    deletableInteractions(api, server, ['i1']);
    render(<MeetAttendeesPage eventId={EVENT} />);
    await screen.findByRole('article', { name: 'Grace Tester' });
    fireEvent.click(screen.getByRole('tab', { name: 'Interactions' }));
    expect(await screen.findByRole('heading', { name: 'Passed (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo Alan Tester' }));
    expect(screen.getByRole('heading', { name: 'Passed (0)' })).toBeTruthy();
    await waitFor(() => expect(server.writes).toEqual(['DELETE i1']));
    await waitFor(() => expect(deckRequests()).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('heading', { name: 'Passed (0)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'All Attendees' }));
    await screen.findByRole('article', { name: 'Grace Tester' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(await screen.findByRole('article', { name: 'Alan Tester' })).toBeTruthy();
  });
});

describe('the goal through the outbox', () => {
  beforeEach(() => openPage(api, `/events/${EVENT}`));

  const editGoal = async (text: string) => {
    // Editing starts once the outbox has said whether a goal of this event is queued.
    const edit = await screen.findByRole('button', { name: 'Edit goal' });
    await waitFor(() => expect(edit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(edit);
    fireEvent.change(screen.getByRole('textbox', { name: 'My goal for this event' }), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  };

  it('shows the new goal at once and delivers it once', async () => {
    api.on(`PATCH /api/events/${EVENT}/attendee`, (body) => ({ status: 200, body }));
    render(<EventDetailPage eventId={EVENT} />);
    expect(await screen.findByText('Meet product leads')).toBeTruthy();
    await editGoal('Find a design partner');
    expect(screen.getByText('Find a design partner')).toBeTruthy();
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ goal: 'Find a design partner' }]));
    await waitFor(() => expect(screen.queryByText('Saved on this device, waiting to sync.')).toBeNull());
    expect(screen.getByText('Find a design partner')).toBeTruthy();
  });

  it('a refused goal says why and shows the server’s goal again; Discard removes the notice', async () => {
    api.on(`PATCH /api/events/${EVENT}/attendee`, { status: 403, body: { error: 'Only attendees of this event can do this' } });
    render(<EventDetailPage eventId={EVENT} />);
    expect(await screen.findByText('Meet product leads')).toBeTruthy();
    await editGoal('Find a design partner');
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Your goal was not saved. Only attendees of this event can do this.');
    await waitFor(() => expect(screen.getByText('Meet product leads')).toBeTruthy());
    fireEvent.click(within(notice).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await memberOutbox().pendingCount()).toBe(0);
  });
});
