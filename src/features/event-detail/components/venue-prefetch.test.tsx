import '../../../test/dompurify-happy-dom';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeEventItem } from '../../../test/event-fixtures';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage, startStubApi, type StubApi } from '../../../test/stub-api';
import { EventDetailPage } from './EventDetailPage';

const VENUE_CALLS = ['GET /api/events/e1/attendees', 'GET /api/users/interactions/e1', 'GET /api/users/connections'];

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
beforeEach(() => {
  openPage(api, '/events/e1');
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
  api.on('GET /api/events/e1/attendees', { status: 200, body: { attendees: [], nextCursor: null } });
  api.on('GET /api/events/e1/attendees/my-connections', { status: 200, body: [] });
  api.on('GET /api/users/interactions/e1', { status: 200, body: [] });
  api.on('GET /api/users/connections', { status: 200, body: [] });
});
afterEach(() => {
  cleanup();
  api.reset();
});

const calls = () => api.requests.map((r) => `${r.method} ${r.path}`);

describe('event detail: venue prefetch', () => {
  it("a registered member opening the event gets the event's deck, interactions and connections fetched", async () => {
    api.on('GET /api/events/e1', { status: 200, body: makeEventItem({ isRegistered: true }) });
    renderWithProviders(<EventDetailPage eventId="e1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Product Summit' })).toBeTruthy();
    await waitFor(() => expect(calls()).toEqual(expect.arrayContaining(VENUE_CALLS)));
  });

  it('a member not registered at the event gets nothing of it prefetched', async () => {
    api.on('GET /api/events/e1', { status: 200, body: makeEventItem({ isRegistered: false }) });
    renderWithProviders(<EventDetailPage eventId="e1" />);
    expect(await screen.findByRole('button', { name: 'Register Now' })).toBeTruthy();
    for (const call of VENUE_CALLS) expect(calls()).not.toContain(call);
  });
});
