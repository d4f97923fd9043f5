import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MingleCompilation } from '../../contract/mingle-compilation';
import { App } from './App';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { makeEventItem } from '../test/event-fixtures';
import { makeMe } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { openPage } from '../test/stub-api';
import { stubApiPerFile } from '../test/stub-api-per-file';

/** /events/{id}/mingle in the app: the figures, the attendees-only refusal, not found, errors. */

const api = stubApiPerFile();
const PATH = '/api/events/e1/mingle-compilation';

const compilation = (overrides: Partial<MingleCompilation> = {}): MingleCompilation => ({
  event: { id: 'e1', name: 'Nordic Startup Festival', dateTime: '2030-03-05T09:00:00.000Z', endDateTime: '2030-03-07T17:00:00.000Z' },
  attendees: 52,
  swipers: 31,
  swipes: { total: 240, right: 150, left: 90 },
  connections: 41,
  connectedShare: 0.5,
  detailed: true,
  themes: [
    { word: 'investors', members: 12 },
    { word: 'climate', members: 3 },
  ],
  busiestHours: [
    { hour: 9, swipes: 30 },
    { hour: 14, swipes: 120 },
  ],
  timeZone: 'UTC',
  computedAt: '2030-03-06T12:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.cookieConsent, 'essential');
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
});

const open = () => {
  openPage(api, '/events/e1/mingle');
  renderWithProviders(<App />);
};

describe('/events/{id}/mingle', () => {
  it('shows the figures, the goal themes and the busiest hours as text', async () => {
    api.on(`GET ${PATH}`, { status: 200, body: compilation() });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Startup Festival' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Mingle compilation · Nordic Startup Festival · Mingle'));
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;
    expect(within(figure('Attendees')).getByText('52')).toBeTruthy();
    expect(within(figure('Members who swiped')).getByText('31')).toBeTruthy();
    expect(within(figure('Swipes')).getByText('240')).toBeTruthy();
    expect(within(figure('Swipes')).getByText('150 connect, 90 pass')).toBeTruthy();
    expect(within(figure('Connections made')).getByText('41')).toBeTruthy();
    expect(within(figure('Attendees with a new connection')).getByText('50%')).toBeTruthy();

    const themes = within(screen.getByRole('region', { name: 'Most common goal themes' })).getAllByRole('listitem');
    expect(themes.map((item) => item.textContent)).toEqual(['investors12 members', 'climate3 members']);
    const hours = within(screen.getByRole('region', { name: 'Busiest hours (UTC)' })).getAllByRole('listitem');
    expect(hours.map((item) => item.textContent)).toEqual(['09:00–10:0030 swipes', '14:00–15:00120 swipes']);
    expect(screen.getByRole('link', { name: 'Event' }).getAttribute('href')).toBe('/events/e1');
  });

  it('says why themes and hours are missing under 5 attendees, and that there are no swipes yet', async () => {
    api.on(`GET ${PATH}`, {
      status: 200,
      body: compilation({
        attendees: 3,
        swipers: 0,
        swipes: { total: 0, right: 0, left: 0 },
        connections: 0,
        connectedShare: 0,
        detailed: false,
        themes: [],
        busiestHours: [],
      }),
    });
    open();
    expect(await screen.findByText(/Fewer than 5 people attend this event/)).toBeTruthy();
    expect(screen.getByText(/No swipes yet at this event/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Most common goal themes' })).toBeNull();
  });

  it("tells a member who is not an attendee that it is for the event's attendees, with a link to the event", async () => {
    api.on(`GET ${PATH}`, { status: 403, body: { error: "The mingle compilation is for the event's attendees" } });
    open();
    expect(await screen.findByText(/The mingle compilation is for the event's attendees\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the event' }).getAttribute('href')).toBe('/events/e1');
  });

  it('is the not-found screen for an event without a compilation', async () => {
    api.on(`GET ${PATH}`, { status: 404, body: { error: 'Event not found' } });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found · Mingle'));
  });

  it('shows an error with Retry, which loads the figures', async () => {
    let answer: { status: number; body: object } = { status: 500, body: { error: 'Internal server error' } };
    api.on(`GET ${PATH}`, () => answer);
    open();
    expect(await screen.findByRole('heading', { name: 'Error loading the mingle compilation' })).toBeTruthy();
    answer = { status: 200, body: compilation() };
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Startup Festival' })).toBeTruthy();
  });

  it('sends a member whose session ended to sign in, and keeps the page for after it', async () => {
    let signedIn = true;
    api.on('GET /api/users/me', () => (signedIn ? { status: 200, body: makeMe() } : { status: 401, body: { error: 'Not authenticated' } }));
    api.on(`GET ${PATH}`, () => {
      signedIn = false;
      return { status: 401, body: { error: 'Not authenticated' } };
    });
    open();
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toContain('/events/e1/mingle');
  });
});

describe('event detail of a fixed event', () => {
  it('links its attendees to the compilation, and nobody else', async () => {
    api.on('GET /api/events/e1', { status: 200, body: makeEventItem({ isRegistered: true, hasMingleCompilation: true }) });
    api.on('GET /api/events/e1/attendees/my-connections', { status: 200, body: [] });
    openPage(api, '/events/e1');
    const view = renderWithProviders(<App />);
    const link = await screen.findByRole('link', { name: 'See the mingle compilation' });
    expect(link.getAttribute('href')).toBe('/events/e1/mingle');
    view.unmount();

    api.on('GET /api/events/e1', { status: 200, body: makeEventItem({ isRegistered: false, hasMingleCompilation: true }) });
    openPage(api, '/events/e1');
    renderWithProviders(<App />);
    await screen.findByRole('button', { name: 'Register Now' });
    expect(screen.queryByRole('link', { name: 'See the mingle compilation' })).toBeNull();
  });
});
