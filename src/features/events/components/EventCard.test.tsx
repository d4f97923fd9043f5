import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { openPage, startStubApi, type StubApi } from '../../../test/stub-api';
import { makeEvent, makeLockedEvent } from '../test-fixtures';
import { EventCard } from './EventCard';
import { EventRow } from './EventRow';
import { LockedEventCard } from './LockedEventCard';

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
beforeEach(() => openPage(api, '/events'));
afterEach(() => {
  cleanup();
  api.reset();
});

const categories = (...labels: string[]) => labels.map((label, i) => ({ id: `c${i}`, label }));
const path = () => window.location.pathname;

describe('event card', () => {
  it('shows name, dates, location, and opens /events/{id}', () => {
    const item = makeEvent(1, {
      name: 'Nordic Tech Summit',
      dateTime: new Date(2026, 2, 5, 9).toISOString(),
      endDateTime: new Date(2026, 2, 7, 17).toISOString(),
    });
    renderWithProviders(<EventCard item={item} canConnect />);
    expect(screen.getByRole('article', { name: 'Nordic Tech Summit' })).toBeTruthy();
    expect(screen.getByText('Mar 5 - 7, 2026')).toBeTruthy();
    expect(screen.getByText('Stockholm, Sweden')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Nordic Tech Summit' });
    expect(link.getAttribute('href')).toBe(`/events/${item.id}`);
    fireEvent.click(link);
    expect(path()).toBe(`/events/${item.id}`);
  });

  it('runs onSelect instead of opening the event when one is given', () => {
    const onSelect = vi.fn();
    const item = makeEvent(2, { name: 'Pick me' });
    renderWithProviders(<EventCard item={item} canConnect onSelect={onSelect} />);
    expect(screen.queryByRole('link', { name: 'Pick me' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pick me' }));
    expect(onSelect).toHaveBeenCalledWith(item.id);
    expect(path()).toBe('/events');
  });

  it('falls back to the free-text location, and shows none without one', () => {
    const { unmount } = renderWithProviders(
      <EventCard item={{ ...makeEvent(3, { locationDisplay: null, location: 'Online' }), locationDisplay: null }} canConnect />,
    );
    expect(screen.getByText('Online')).toBeTruthy();
    unmount();
    renderWithProviders(<EventCard item={{ ...makeEvent(4, { locationDisplay: null, location: null }), locationDisplay: null }} canConnect />);
    expect(screen.queryByText('Online')).toBeNull();
    expect(screen.queryByText(/Stockholm/)).toBeNull();
  });

  it("shows 'Date TBD' without a date", () => {
    renderWithProviders(<EventCard item={makeEvent(5, { dateTime: null })} canConnect />);
    expect(screen.getByText('Date TBD')).toBeTruthy();
  });

  it("shows 3 category chips, then '+ (n) more'", () => {
    renderWithProviders(<EventCard item={makeEvent(6, { categories: categories('AI', 'Design', 'Startups', 'Marketing', 'Data') })} canConnect />);
    const chips = screen.getByRole('list', { name: 'Categories' }).querySelectorAll('li');
    expect(Array.from(chips, (chip) => chip.textContent)).toEqual(['AI', 'Design', 'Startups', '+ (2) more']);
  });

  it("shows no '+ more' chip for 3 categories or fewer", () => {
    renderWithProviders(<EventCard item={makeEvent(7, { categories: categories('AI', 'Design', 'Startups') })} canConnect />);
    expect(screen.queryByText(/more$/)).toBeNull();
  });

  it("shows the 'going too' line from the member's connections", () => {
    const people = [
      { id: 'a', firstName: 'Anna' },
      { id: 'b', firstName: 'Erik' },
      { id: 'c', firstName: 'Sara' },
    ];
    const { rerender } = renderWithProviders(<EventCard item={makeEvent(8)} connections={people.slice(0, 1)} canConnect />);
    expect(screen.getByText('Anna is going too')).toBeTruthy();
    rerender(<EventCard item={makeEvent(8)} connections={people.slice(0, 2)} canConnect />);
    expect(screen.getByText('Anna and Erik are going too')).toBeTruthy();
    rerender(<EventCard item={makeEvent(8)} connections={people} canConnect />);
    expect(screen.getByText('Anna, Erik & 1 more are going too')).toBeTruthy();
    rerender(<EventCard item={makeEvent(8)} connections={[]} canConnect />);
    expect(screen.queryByText(/going too/)).toBeNull();
  });

  it("'Network' goes to /events/{id}/connect for a member with role and story", () => {
    const item = makeEvent(9);
    renderWithProviders(<EventCard item={item} canConnect />);
    const network = screen.getByRole('link', { name: 'Network' });
    expect(network.getAttribute('href')).toBe(`/events/${item.id}/connect`);
    expect(screen.queryByText('Complete profile to connect')).toBeNull();
  });

  it("'Network' is disabled and says 'Complete profile to connect' otherwise", () => {
    renderWithProviders(<EventCard item={makeEvent(10)} canConnect={false} />);
    expect(screen.queryByRole('link', { name: 'Network' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Complete profile to connect' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('dims a past event', () => {
    renderWithProviders(<EventCard item={makeEvent(11, { name: 'Old one', isPast: true })} canConnect />);
    expect(screen.getByRole('article', { name: 'Old one' }).className).toContain('event-card--past');
  });

  it('reserves the image size and loads it lazily', () => {
    renderWithProviders(<EventCard item={makeEvent(12)} canConnect />);
    const image = document.querySelector('img')!;
    expect(image.getAttribute('src')).toMatch(/^\/media\/events\//);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('1200');
    expect(image.getAttribute('height')).toBe('630');
  });
});

describe('featured', () => {
  it("says 'Featured' on an event the discovery order puts first for its name, and nothing on others", () => {
    const { unmount } = renderWithProviders(<EventCard item={{ ...makeEvent(40), isFeatured: true }} canConnect />);
    expect(screen.getByText('Featured')).toBeTruthy();
    unmount();
    renderWithProviders(<EventCard item={makeEvent(41)} canConnect />);
    expect(screen.queryByText('Featured')).toBeNull();
  });
});

describe('locked PRO-only card', () => {
  const texts = [
    'This event is for Pro users only',
    'PRO',
    'Upgrade your account to view full event details, connect with attendees, and unlock premium networking features.',
  ];

  it('replaces the card of a PRO-only event without eventData, with its exact texts', () => {
    renderWithProviders(<EventCard item={makeLockedEvent(20)} canConnect />);
    for (const text of texts) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Mingle Pro' })).toBeTruthy();
    // The preview is shown, muted: date, location, the teaser.
    expect(screen.getByText('Zurich, Switzerland')).toBeTruthy();
    expect(screen.getByText('A creative gathering for designers.')).toBeTruthy();
    // Nothing of a full event: its one link is the title, to the preview's page; no Network, no going-too line.
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['This event is for Pro users only']);
    expect(screen.queryByText('Network')).toBeNull();
    expect(screen.queryByText(/going too/)).toBeNull();
  });

  it('renders no eventData field even if an answer carried one next to the preview', () => {
    // A locked item never has eventData; the card reads only previewData and locationDisplay.
    renderWithProviders(<LockedEventCard item={{ ...makeLockedEvent(21), eventData: makeEvent(21, { name: 'Secret Gala' }).eventData }} />);
    expect(screen.queryByText('Secret Gala')).toBeNull();
    expect(screen.queryByText('Main hall')).toBeNull();
  });

  it("'Upgrade to Mingle Pro' goes to /pricing, or runs onUpgrade when given", () => {
    const { unmount } = renderWithProviders(<EventCard item={makeLockedEvent(22)} canConnect />);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Mingle Pro' }));
    expect(path()).toBe('/pricing');
    unmount();
    openPage(api, '/events');
    const onUpgrade = vi.fn();
    renderWithProviders(<EventCard item={makeLockedEvent(22)} canConnect onUpgrade={onUpgrade} />);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Mingle Pro' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    expect(path()).toBe('/events');
  });

  it("opens the event's preview from its title, like any card", () => {
    const item = makeLockedEvent(24);
    renderWithProviders(<EventCard item={item} canConnect />);
    fireEvent.click(screen.getByRole('link', { name: 'This event is for Pro users only' }));
    expect(path()).toBe(`/events/${item.id}`);
  });

  it('replaces a row too', () => {
    renderWithProviders(<EventRow item={makeLockedEvent(23)} />);
    expect(screen.getByText('This event is for Pro users only')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Mingle Pro' })).toBeTruthy();
  });
});

describe('event row', () => {
  it('shows name, date range and location, opens the event, and dims it when past', () => {
    const item = makeEvent(30, {
      name: 'Design Days',
      dateTime: new Date(2026, 2, 30, 9).toISOString(),
      endDateTime: new Date(2026, 3, 2, 17).toISOString(),
      isPast: true,
    });
    renderWithProviders(<EventRow item={item} />);
    expect(screen.getByText('Mar 30, 2026 - Apr 2, 2026')).toBeTruthy();
    expect(screen.getByText('Stockholm, Sweden')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Design Days' }).className).toContain('event-row--past');
    fireEvent.click(screen.getByRole('link', { name: 'Design Days' }));
    expect(path()).toBe(`/events/${item.id}`);
  });

  it('runs onSelect when given', () => {
    const onSelect = vi.fn();
    renderWithProviders(<EventRow item={makeEvent(31, { name: 'Row' })} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Row' }));
    expect(onSelect).toHaveBeenCalledWith(makeEvent(31).id);
  });
});
