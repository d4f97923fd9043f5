import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeEventItem, makeLockedItem } from '../../../test/event-fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage, startStubApi, type StubApi } from '../../../test/stub-api';
import { OrganizerPage } from './OrganizerPage';

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
beforeEach(() => openPage(api, '/organizer/o1'));
afterEach(() => {
  cleanup();
  api.reset();
});

const organizer = {
  id: 'o1',
  name: 'Nordic Product Guild',
  imageUrl: '/media/organizers/guild.svg',
  description: 'Meetups and conferences for product people in the Nordics.',
  externalUrl: 'https://guild.example',
};
const render = () => renderWithProviders(<OrganizerPage organizerId="o1" />);
const listAnswer = (events: object[]) => ({
  status: 200,
  body: { events, total: events.length, page: 1, limit: 50, userSubscription: { hasProAccess: false } },
});

describe('organizer page', () => {
  it('shows the organizer, a safe website link and their upcoming events, locked ones as locked rows', async () => {
    api.on('GET /api/organizers/o1', { status: 200, body: organizer });
    api.on('GET /api/organizers/o1/events', listAnswer([makeEventItem(), makeLockedItem('e9')]));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Product Guild' })).toBeTruthy();
    expect(screen.getByText('Meetups and conferences for product people in the Nordics.')).toBeTruthy();
    const website = screen.getByRole('link', { name: 'Visit website' });
    expect(website.getAttribute('href')).toBe('https://guild.example/');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(website.getAttribute('rel')).toBe('noopener noreferrer');

    await screen.findByText('Nordic Product Summit');
    const rows = within(screen.getByRole('region', { name: 'Upcoming events' })).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/events/e1', '/events/e9']);
    expect(within(rows[0]!).getByText('Nordic Product Summit')).toBeTruthy();
    expect(within(rows[0]!).getByText('Mar 5, 2030')).toBeTruthy();
    expect(within(rows[0]!).getByText('Stockholm, Sweden')).toBeTruthy();
    expect(within(rows[1]!).getByText('PRO ONLY')).toBeTruthy();
    expect(within(rows[1]!).getByText('Only accessible to pro users.')).toBeTruthy();
    expect(within(rows[1]!).getByText('Zurich, Switzerland')).toBeTruthy();
  });

  it('shows no website link for a URL that is not http(s)', async () => {
    api.on('GET /api/organizers/o1', { status: 200, body: { ...organizer, externalUrl: 'javascript:alert(1)' } });
    api.on('GET /api/organizers/o1/events', listAnswer([]));
    render();
    await screen.findByRole('heading', { level: 1, name: 'Nordic Product Guild' });
    expect(screen.queryByRole('link', { name: 'Visit website' })).toBeNull();
  });

  it("says 'No events yet' without upcoming events", async () => {
    api.on('GET /api/organizers/o1', { status: 200, body: organizer });
    api.on('GET /api/organizers/o1/events', listAnswer([]));
    render();
    expect(await screen.findByRole('heading', { name: 'No events yet' })).toBeTruthy();
  });

  it("says 'Organizer not found' for a 404", async () => {
    api.on('GET /api/organizers/o1', { status: 404, body: { error: 'Organizer not found' } });
    render();
    expect(await screen.findByRole('heading', { name: 'Organizer not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/events');
  });

  it("says 'Error loading organizer' for other failures, with Retry", async () => {
    let answer: { status: number; body: object } = { status: 500, body: { error: 'Internal server error' } };
    api.on('GET /api/organizers/o1', () => answer);
    api.on('GET /api/organizers/o1/events', listAnswer([]));
    render();
    expect(await screen.findByRole('heading', { name: 'Error loading organizer' })).toBeTruthy();
    answer = { status: 200, body: organizer };
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Product Guild' })).toBeTruthy();
  });
});
