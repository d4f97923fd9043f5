import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeckCandidate } from '../../../../contract/attendees';
import { createQueryClient } from '../../../lib/query-client';
import { makeEventItem, makeLockedItem } from '../../../test/event-fixtures';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage, startStubApi, type StubApi } from '../../../test/stub-api';
import { MeetAttendeesPage } from '../components/MeetAttendeesPage';
import { meQueryOptions } from '../../../lib/signed-in-member';
import { prefetchVenue } from './prefetch-venue';

const EVENT = 'e1';
const VENUE_CALLS = ['GET /api/events/e1', 'GET /api/events/e1/attendees', 'GET /api/users/interactions/e1', 'GET /api/users/connections'];

function candidate(id: string, imageUrl: string | null): DeckCandidate {
  return { id, firstName: id, lastName: 'Tester', imageUrl, role: 'Role', story: 'Story', location: null, locationDisplay: null, goal: null };
}

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
beforeEach(() => {
  openPage(api, `/events/${EVENT}`);
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
  api.on(`GET /api/events/${EVENT}`, { status: 200, body: makeEventItem({ isRegistered: true }) });
  api.on(`GET /api/events/${EVENT}/attendees`, {
    status: 200,
    body: { attendees: [candidate('c1', '/media/people/1.jpg'), candidate('c2', null), candidate('c3', '/media/people/3.jpg')], nextCursor: null },
  });
  api.on(`GET /api/events/${EVENT}/attendees/my-connections`, { status: 200, body: [] });
  api.on(`GET /api/users/interactions/${EVENT}`, { status: 200, body: [] });
  api.on('GET /api/users/connections', { status: 200, body: [] });
});
afterEach(() => {
  cleanup();
  api.reset();
});

const calls = () => api.requests.map((r) => `${r.method} ${r.path}`);

/** The photo loader records what it was asked to load (the browser's Image in the app). */
function photoLoader() {
  const loaded: string[] = [];
  return { loaded, loadPhoto: async (url: string) => void loaded.push(url) };
}

describe('venue prefetch', () => {
  it('fetches the event, the deck, my interactions and my connections, then loads the candidates’ photos through the worker', async () => {
    const client = createQueryClient();
    const photos = photoLoader();
    await prefetchVenue(
      client,
      { eventId: EVENT, event: makeEventItem({ isRegistered: true }), me: makeMe() },
      { loadPhoto: photos.loadPhoto, throughWorker: true },
    );
    expect(calls().sort()).toEqual([...VENUE_CALLS].sort());
    expect(api.requests.find((r) => r.path === `/api/events/${EVENT}/attendees`)?.query.get('limit')).toBe('200');
    expect(photos.loaded.sort()).toEqual(['/media/people/1.jpg', '/media/people/3.jpg']);
  });

  it('does it once per event in a visit, and answers already fresh are not asked again', async () => {
    const client = createQueryClient();
    const args = { eventId: EVENT, event: makeEventItem({ isRegistered: true }), me: makeMe() };
    await prefetchVenue(client, args, { ...photoLoader(), throughWorker: true });
    const photos = photoLoader();
    await prefetchVenue(client, args, { ...photos, throughWorker: true });
    expect(calls()).toHaveLength(VENUE_CALLS.length);
    expect(photos.loaded).toEqual([]);
  });

  it('without a worker in control it loads no photos; once one takes over, everything is asked again through it, the member too', async () => {
    const client = createQueryClient();
    const args = { eventId: EVENT, event: makeEventItem({ isRegistered: true }), me: makeMe() };
    // The first visit: the screen's answers (the member among them) arrived before the worker was installed.
    await client.fetchQuery(meQueryOptions());
    const before = photoLoader();
    await prefetchVenue(client, args, { ...before, throughWorker: false });
    expect(before.loaded).toEqual([]);
    await prefetchVenue(client, args, { ...before, throughWorker: false });
    expect(calls().sort()).toEqual(['GET /api/users/me', ...VENUE_CALLS].sort());

    api.requests.length = 0;
    const after = photoLoader();
    await prefetchVenue(client, args, { ...after, throughWorker: true });
    expect(calls().sort()).toEqual(['GET /api/users/me', ...VENUE_CALLS].sort());
    expect(after.loaded.sort()).toEqual(['/media/people/1.jpg', '/media/people/3.jpg']);

    api.requests.length = 0;
    await prefetchVenue(client, args, { ...photoLoader(), throughWorker: true });
    expect(calls()).toEqual([]);
  });

  it('does nothing offline', async () => {
    const photos = photoLoader();
    await prefetchVenue(
      createQueryClient(),
      { eventId: EVENT, event: makeEventItem({ isRegistered: true }), me: makeMe() },
      { ...photos, isOnline: () => false },
    );
    expect(calls()).toEqual([]);
    expect(photos.loaded).toEqual([]);
  });

  it('does nothing for an event the member is not registered at, a locked one, or with an incomplete profile', async () => {
    const client = createQueryClient();
    await prefetchVenue(client, { eventId: EVENT, event: makeEventItem({ isRegistered: false }), me: makeMe() }, photoLoader());
    await prefetchVenue(client, { eventId: 'e9', event: makeLockedItem('e9'), me: makeMe() }, photoLoader());
    await prefetchVenue(client, { eventId: EVENT, event: makeEventItem({ isRegistered: true }), me: makeMe({ story: null }) }, photoLoader());
    await prefetchVenue(client, { eventId: EVENT, event: makeEventItem({ isRegistered: true }), me: null }, photoLoader());
    expect(calls()).toEqual([]);
  });

  it('opening the Meet page prefetches my connections before their tab is opened', async () => {
    renderWithProviders(<MeetAttendeesPage eventId={EVENT} />);
    expect(await screen.findByRole('heading', { name: 'Meet Attendees' })).toBeTruthy();
    await waitFor(() => expect(calls()).toContain('GET /api/users/connections'));
    expect(screen.getByRole('tab', { name: 'Connections' }).getAttribute('aria-selected')).toBe('false');
  });
});
