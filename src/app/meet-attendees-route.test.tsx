import '../test/dompurify-happy-dom';
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { candidate } from '../test/attendee-fixtures';
import { makeEventItem } from '../test/event-fixtures';
import { makeMe } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { openPage } from '../test/stub-api';
import { stubApiPerFile } from '../test/stub-api-per-file';
import { useToastStore } from '../ui/toast-store';
import { App } from './App';

/** Who gets to /events/{id}/connect in the app (others go back to the event with the reason). */

const api = stubApiPerFile();
beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.cookieConsent, 'essential');
  api.on(`GET /api/events/e1`, { status: 200, body: makeEventItem({ isRegistered: true }) });
  api.on('GET /api/events/e1/attendees/my-connections', { status: 200, body: [] });
});

describe('/events/{id}/connect', () => {
  it('sends a registered member without role or story back to the event with the reason', async () => {
    api.on('GET /api/users/me', { status: 200, body: makeMe({ role: null, story: null }) });
    openPage(api, '/events/e1/connect');
    renderWithProviders(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/events/e1'));
    expect(await screen.findByRole('button', { name: 'Complete Profile to Connect' })).toBeTruthy();
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Meet Attendees unavailable',
      description: 'Add your role and story to your profile to connect with attendees.',
    });
    expect(api.requests.some((r) => r.path === '/api/events/e1/attendees')).toBe(false);
  });

  it('offers a member who is not registered to join right there, then the goal step, then the deck', async () => {
    let registered = false;
    api.on('GET /api/users/me', { status: 200, body: makeMe() });
    api.on('GET /api/events/e1', () => ({ status: 200, body: makeEventItem({ isRegistered: registered }) }));
    api.on('POST /api/events/e1/join', () => {
      registered = true;
      return { status: 201, body: makeEventItem({ isRegistered: true }) };
    });
    api.on('PATCH /api/events/e1/attendee', { status: 200, body: { goal: 'Meet founders' } });
    api.on('GET /api/events/e1/attendees', { status: 200, body: { attendees: [candidate('c1', 'Grace')], nextCursor: null } });
    api.on('GET /api/users/interactions/e1', { status: 200, body: [] });
    api.on('GET /api/users/connections', { status: 200, body: [] });
    openPage(api, '/events/e1/connect');
    renderWithProviders(<App />);

    fireEvent.click(await screen.findByRole('button', { name: 'Join event' }));
    expect(await screen.findByText("You're in! What's your goal?")).toBeTruthy();
    // Registered now, and still on the goal step: the deck comes after it.
    expect(screen.queryByRole('article')).toBeNull();
    // The goal's form loads when the step shows.
    fireEvent.change(await screen.findByLabelText('Your goal for this event'), { target: { value: 'Meet founders' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    expect(within(await screen.findByRole('article')).getByRole('heading', { name: 'Grace Tester' })).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST' && r.path === '/api/events/e1/join')).toHaveLength(1);
    expect(window.location.pathname).toBe('/events/e1/connect');
  });
});
