import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CountedLabel, EventListItem, Location } from '../../../../contract/events';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage, startStubApi, type StubApi } from '../../../test/stub-api';
import { useToastStore } from '../../../ui/toast-store';
import { makeEvent, makeLockedEvent, makePage, uuid } from '../test-fixtures';
import { EVENTS_OFFLINE_TEXT, EventsScreen } from './EventsScreen';

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
let rendered: ReturnType<typeof renderWithProviders> | null = null;
afterEach(async () => {
  vi.useRealTimers();
  // Let calls in flight finish, so unmounting does not cut them off mid-answer.
  const client = rendered?.client;
  if (client) await waitFor(() => expect(client.isFetching()).toBe(0));
  rendered = null;
  cleanup();
  api.reset();
  vi.useRealTimers();
  useToastStore.setState({ toasts: [] });
});

const CATEGORY = { ai: uuid(101), design: uuid(102), empty: uuid(103) };
const TYPE = { conference: uuid(201), meetup: uuid(202) };
const LOCATION = { stockholm: uuid(301), oslo: uuid(302) };

const categories: CountedLabel[] = [
  { id: CATEGORY.ai, label: 'AI & Machine Learning', count: 12 },
  { id: CATEGORY.design, label: 'Design', count: 3 },
  { id: CATEGORY.empty, label: 'Gardening', count: 0 },
];
const eventTypes: CountedLabel[] = [
  { id: TYPE.conference, label: 'Conference', count: 7 },
  { id: TYPE.meetup, label: 'Meetup', count: 0 },
];
const location = (id: string, name: string, country: string, eventCount: number): Location => ({
  id,
  name,
  country,
  region: null,
  isCustom: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  eventCount,
});
const locations = [location(LOCATION.stockholm, 'Stockholm', 'SE', 9), location(LOCATION.oslo, 'Oslo', 'NO', 0)];

/** A catalogue of `total` events answered page by page, as GET events does. */
function serveEvents(total: number, make: (n: number) => EventListItem = (n) => makeEvent(n, { name: `Event ${n}` })) {
  api.on('GET /api/events', (_body, query) => {
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const from = (page - 1) * limit;
    const events = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => make(from + i + 1));
    return { status: 200, body: makePage(events, { total, page, limit }) };
  });
}

function setup({ me = makeMe(), myEvents = [] as EventListItem[] } = {}) {
  api.on('GET /api/users/me', { status: 200, body: me });
  api.on('GET /api/events/my-events', { status: 200, body: makePage(myEvents) });
  api.on('GET /api/categories', { status: 200, body: { categories } });
  api.on('GET /api/event-types', { status: 200, body: { eventTypes } });
  api.on('GET /api/locations', { status: 200, body: { success: true, data: { locations, total: 2, page: 1, limit: 50 } } });
}

function start(path = '/events') {
  openPage(api, path);
  rendered = renderWithProviders(<EventsScreen />);
  return rendered;
}

const eventRequests = () => api.requests.filter((r) => r.path === '/api/events');
const search = () => new URLSearchParams(window.location.search);
const cardTitles = () =>
  within(screen.getByRole('region', { name: 'All Events' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const openFilters = () => fireEvent.click(screen.getByRole('button', { name: /^Filter/ }));
const settle = () => waitFor(() => expect(rendered?.client.isFetching()).toBe(0));
const toastTitles = () =>
  useToastStore
    .getState()
    .toasts.filter((t) => t.open)
    .map((t) => t.title);

describe('events list', () => {
  it("shows the title, the banner for a member without PRO, and the first page with 'Showing X of Y events'", async () => {
    setup();
    serveEvents(15);
    start();
    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeTruthy();
    expect(await screen.findByText('Event 1')).toBeTruthy();
    expect(cardTitles()).toHaveLength(10);
    expect(screen.getByText('Showing 10 of 15 events')).toBeTruthy();
    expect(await screen.findByText('Unlock Premium events')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade now' }).getAttribute('href')).toBe('/pricing');
    expect(eventRequests()[0]?.query.toString()).toBe('nonPassed=true&page=1&limit=10&includeAttendeeConnections=true');
    // The filter facets are asked for only once they are needed.
    expect(api.requests.some((r) => r.path === '/api/categories')).toBe(false);
  });

  it('shows no banner to a PRO member', async () => {
    setup({ me: makeMe({ hasProAccess: true }) });
    serveEvents(3);
    start();
    await screen.findByText('Event 1');
    expect(screen.queryByText('Unlock Premium events')).toBeNull();
  });

  it('shows a PRO-only event as the locked card', async () => {
    setup();
    serveEvents(3, (n) => (n === 2 ? makeLockedEvent(n) : makeEvent(n, { name: `Event ${n}` })));
    start();
    expect(await screen.findByText('This event is for Pro users only')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Mingle Pro' })).toBeTruthy();
    expect(screen.queryByText('Event 2')).toBeNull();
  });

  it("'Load more events' appends the next page after 300 ms and updates the count and the URL", async () => {
    setup();
    serveEvents(15);
    start();
    await screen.findByText('Event 1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Load more events' }));
    await act(async () => void vi.advanceTimersByTime(299));
    expect(eventRequests()).toHaveLength(1);
    expect(screen.queryByText('Event 11')).toBeNull();
    await act(async () => void vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(await screen.findByText('Event 11')).toBeTruthy();
    expect(cardTitles()).toHaveLength(15);
    expect(eventRequests()[1]?.query.get('page')).toBe('2');
    expect(screen.getByText('Showing 15 of 15 events')).toBeTruthy();
    expect(search().get('page')).toBe('2');
    // Everything is loaded: no more button.
    expect(screen.queryByRole('button', { name: 'Load more events' })).toBeNull();
  });

  it('a link with filters and page N loads pages 1..N with those filters', async () => {
    setup();
    serveEvents(25);
    start(`/events?categories=${CATEGORY.ai}&eventTypes=${TYPE.conference}&locations=${LOCATION.stockholm}&search=summit&page=2`);
    await waitFor(() => expect(screen.getByText('Showing 20 of 25 events')).toBeTruthy());
    const [first, second] = eventRequests();
    expect(first?.query.get('categories')).toBe(CATEGORY.ai);
    expect(first?.query.get('eventTypeIds')).toBe(TYPE.conference);
    expect(first?.query.get('locationIds')).toBe(LOCATION.stockholm);
    expect(first?.query.get('search')).toBe('summit');
    expect([first?.query.get('page'), second?.query.get('page')]).toEqual(['1', '2']);
    // The active filters are summarised by name.
    const summary = await screen.findByRole('region', { name: 'Active filters' });
    expect(await within(summary).findByText('AI & Machine Learning')).toBeTruthy();
    expect(await within(summary).findByText('Conference')).toBeTruthy();
    expect(await within(summary).findByText('Stockholm')).toBeTruthy();
    expect(within(summary).getByText('“summit”')).toBeTruthy();
  });

  it('an invalid page in the URL is page 1', async () => {
    setup();
    serveEvents(25);
    start('/events?page=abc');
    await screen.findByText('Showing 10 of 25 events');
    expect(eventRequests()).toHaveLength(1);
  });
});

describe('filters', () => {
  it('offers only categories, types and locations with events, as toggle chips with counts', async () => {
    setup();
    serveEvents(3);
    start();
    await screen.findByText('Event 1');
    openFilters();
    const chip = await screen.findByRole('button', { name: 'AI & Machine Learning (12 events)' });
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Design (3 events)' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Conference (7 events)' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Stockholm (9 events)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Gardening/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Meetup/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Oslo/ })).toBeNull();
    expect(screen.getByPlaceholderText('Search by event name, description, or organizer...')).toBeTruthy();
  });

  it('a chip filters the list and goes into the URL; Clear empties both and says so', async () => {
    setup();
    serveEvents(12);
    start();
    await screen.findByText('Event 1');
    openFilters();
    fireEvent.click(await screen.findByRole('button', { name: /^Design/ }));
    expect(search().get('categories')).toBe(CATEGORY.design);
    expect(screen.getByRole('button', { name: /^Design/ }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(eventRequests().at(-1)?.query.get('categories')).toBe(CATEGORY.design));
    await settle();
    expect(within(screen.getByRole('region', { name: 'Active filters' })).getByText('Design')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(window.location.search).toBe('');
    expect(toastTitles()).toEqual(['Filters cleared']);
    expect(screen.queryByRole('region', { name: 'Active filters' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Design/ }).getAttribute('aria-pressed')).toBe('false');
  });

  it("counts are faceted: each group is asked with the other groups' filters and the search, never its own", async () => {
    setup();
    serveEvents(12);
    start(`/events?locations=${LOCATION.stockholm}&search=summit`);
    await screen.findByText('Event 1');
    const facetRequests = (path: string) => api.requests.filter((r) => r.path === path).map((r) => Object.fromEntries(r.query));
    await waitFor(() => expect(facetRequests('/api/categories')).toEqual([{ locationIds: LOCATION.stockholm, search: 'summit' }]));
    expect(facetRequests('/api/event-types')).toEqual([{ locationIds: LOCATION.stockholm, search: 'summit' }]);
    expect(facetRequests('/api/locations')).toEqual([{ search: 'summit', limit: '50' }]);

    // Stockholm has no Design events: its chip stays (chosen, with 0) so it can be taken back here.
    api.on('GET /api/locations', (_body, query) => ({
      status: 200,
      body: {
        success: true,
        data: { locations: query.get('categories') ? [location(LOCATION.stockholm, 'Stockholm', 'SE', 0)] : locations, total: 1, page: 1, limit: 50 },
      },
    }));
    openFilters();
    fireEvent.click(await screen.findByRole('button', { name: /^Design/ }));
    await settle();
    expect(facetRequests('/api/locations').at(-1)).toEqual({ categories: CATEGORY.design, search: 'summit', limit: '50' });
    expect(facetRequests('/api/event-types').at(-1)).toEqual({ categories: CATEGORY.design, locationIds: LOCATION.stockholm, search: 'summit' });
    // Choosing a category does not ask for the categories again.
    expect(facetRequests('/api/categories')).toHaveLength(1);
    const stockholm = await screen.findByRole('button', { name: 'Stockholm (0 events)' });
    expect(stockholm.getAttribute('aria-pressed')).toBe('true');
  });

  it('the search box updates the URL 300 ms after typing stops', async () => {
    setup();
    serveEvents(12);
    start();
    await screen.findByText('Event 1');
    openFilters();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const box = screen.getByPlaceholderText('Search by event name, description, or organizer...');
    fireEvent.change(box, { target: { value: 'nor' } });
    await act(async () => void vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'nordic' } });
    await act(async () => void vi.advanceTimersByTime(299));
    expect(search().get('search')).toBeNull();
    await act(async () => void vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(search().get('search')).toBe('nordic');
    await waitFor(() => expect(eventRequests().at(-1)?.query.get('search')).toBe('nordic'));
    expect(eventRequests().some((r) => r.query.get('search') === 'nor')).toBe(false);
  });

  it('back and forward restore the filters', async () => {
    setup();
    serveEvents(12);
    start();
    await screen.findByText('Event 1');
    openFilters();
    fireEvent.click(await screen.findByRole('button', { name: /^Design/ }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Conference/ }));
    expect(search().get('eventTypes')).toBe(TYPE.conference);
    await settle();

    act(() => history.back());
    await waitFor(() => expect(search().get('eventTypes')).toBeNull());
    expect(search().get('categories')).toBe(CATEGORY.design);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Conference/ }).getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByRole('button', { name: /^Design/ }).getAttribute('aria-pressed')).toBe('true');

    act(() => history.forward());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Conference/ }).getAttribute('aria-pressed')).toBe('true'));
  });

  it("Share copies the filtered view's link: 'Link copied!'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup();
    serveEvents(3);
    start(`/events?categories=${CATEGORY.ai}`);
    await screen.findByText('Event 1');
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Link copied!']));
    expect(writeText).toHaveBeenCalledWith(`${api.origin}/events?categories=${CATEGORY.ai}`);
  });

  it("Share says 'Failed to copy link' when the clipboard refuses", async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    setup();
    serveEvents(3);
    start(`/events?search=ai`);
    await screen.findByText('Event 1');
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Failed to copy link']));
    expect(useToastStore.getState().toasts[0]?.variant).toBe('destructive');
  });

  it('Share and Clear appear only while a filter is active', async () => {
    setup();
    serveEvents(3);
    start();
    await screen.findByText('Event 1');
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });
});

describe('states', () => {
  it("shows 'Error loading events: {message}' and Retry loads again", async () => {
    setup();
    api.on('GET /api/events', { status: 503, body: { error: 'Database unavailable' } });
    start();
    expect(await screen.findByText('Error loading events: Database unavailable')).toBeTruthy();
    serveEvents(2);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Event 1')).toBeTruthy();
    expect(screen.queryByText(/Error loading events/)).toBeNull();
  });

  it("says 'A server error occurred.' when the server cannot be read", async () => {
    setup();
    api.on('GET /api/events', { status: 500 });
    start();
    expect(await screen.findByText('Error loading events: A server error occurred.')).toBeTruthy();
  });

  it('says when it is offline, shows what the device kept, and that filters need a connection', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      setup();
      serveEvents(2);
      // The worker has no copy of this facet: the request gets no usable answer.
      api.on('GET /api/categories', { status: 503 });
      start();
      expect(await screen.findByText('Event 1')).toBeTruthy();
      expect(screen.getByText(EVENTS_OFFLINE_TEXT).getAttribute('role')).toBe('status');
      openFilters();
      expect(await screen.findByText("You're offline: categories show once you're back online.")).toBeTruthy();
      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      expect(screen.queryByText(EVENTS_OFFLINE_TEXT)).toBeNull();
    } finally {
      onLine.mockRestore();
    }
  });

  it("shows 'No Events Available' with Refresh", async () => {
    setup();
    serveEvents(0);
    start();
    expect(await screen.findByText('No Events Available')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(eventRequests()).toHaveLength(2));
  });

  it("'My upcoming events' shows upcoming registered events only, or its empty text", async () => {
    const upcoming = makeEvent(50, { name: 'Coming soon', isRegistered: true });
    const past = makeEvent(51, { name: 'Long ago', isRegistered: true, isPast: true, dateTime: '2025-01-01T09:00:00Z' });
    setup({ myEvents: [upcoming, past] });
    serveEvents(0);
    start();
    const carousel = await screen.findByRole('region', { name: 'My upcoming events' });
    expect(await within(carousel).findByText('Coming soon')).toBeTruthy();
    expect(within(carousel).queryByText('Long ago')).toBeNull();
    const first = rendered!.client;
    await waitFor(() => expect(first.isFetching()).toBe(0));
    cleanup();
    api.reset();
    setup({ myEvents: [past] });
    serveEvents(0);
    start();
    expect(await screen.findByText("You're not attending any upcoming events yet. Start exploring events to get connected!")).toBeTruthy();
  });
});

describe('attending tab', () => {
  it("tab=attending lists the member's events, past ones after a divider", async () => {
    const upcoming = makeEvent(60, { name: 'Next week', isRegistered: true });
    const past = makeEvent(61, { name: 'Last year', isRegistered: true, isPast: true, dateTime: '2025-01-01T09:00:00Z' });
    setup({ myEvents: [upcoming, past] });
    serveEvents(3);
    start('/events?tab=attending');
    const section = await screen.findByRole('region', { name: "Events you're attending" });
    expect(await within(section).findByText('Next week')).toBeTruthy();
    expect(within(section).getByRole('heading', { name: 'Past events' })).toBeTruthy();
    expect(within(section).getByRole('article', { name: 'Last year' }).className).toContain('event-row--past');
    // The discovery list is not loaded for this tab.
    expect(eventRequests()).toHaveLength(0);
  });

  it("without events: 'No events yet' and 'Find events' selects the find tab", async () => {
    setup();
    serveEvents(3);
    start('/events?tab=attending');
    expect(await screen.findByText('No events yet')).toBeTruthy();
    const find = screen.getByRole('link', { name: 'Find events' });
    expect(find.getAttribute('href')).toBe('/events?tab=find');
    fireEvent.click(find);
    expect(await screen.findByText('Event 1')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Find events' }).getAttribute('aria-selected')).toBe('true');
  });

  it('the tabs keep the filters in the URL', async () => {
    setup();
    serveEvents(3);
    start(`/events?categories=${CATEGORY.ai}`);
    await screen.findByText('Event 1');
    fireEvent.click(screen.getByRole('tab', { name: 'Attending' }));
    expect(search().get('tab')).toBe('attending');
    expect(search().get('categories')).toBe(CATEGORY.ai);
  });
});
