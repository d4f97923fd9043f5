import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Location } from '../../../../contract/events';
import { whileBrowserOffline } from '../../../test/offline-browser';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { LocationPicker, type PickedLocation } from './LocationPicker';

const api = stubApiPerFile();

function place(id: string, name: string, country: string, extra: Partial<Location> = {}): Location {
  return {
    id,
    name,
    country,
    region: null,
    isCustom: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    eventCount: 0,
    ...extra,
  };
}
const STOCKHOLM = place('l-sthlm', 'Stockholm', 'SE', { region: 'Stockholm County' });
const OSLO = place('l-oslo', 'Oslo', 'NO');
const STORA = place('l-stora', 'Storå', 'SE', { isCustom: true });
const BERLIN = place('l-berlin', 'Berlin', 'DE');

const list = (locations: Location[]) => ({ status: 200, body: { success: true, data: { locations, total: locations.length, page: 1, limit: 50 } } });

/** The server: popular answers Stockholm and Oslo; a search answers the names containing the query. */
function locationsServer(all: Location[] = [STOCKHOLM, OSLO, STORA, BERLIN]) {
  api.on('GET /api/locations/popular', { status: 200, body: { success: true, data: { locations: [OSLO, STOCKHOLM] } } });
  api.on('GET /api/locations', (_body, query) => {
    const needle = (query.get('query') ?? '').toLowerCase();
    return list(all.filter((l) => l.name.toLowerCase().includes(needle)));
  });
}

/** The picker as the About card uses it: it holds the value and records every change. */
function show(initial: PickedLocation | null = null, props: { disabled?: boolean } = {}) {
  openPage(api, '/profile');
  const changes: Array<PickedLocation | null> = [];
  function Card() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <LocationPicker
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          {...props}
        />
        <p>Outside</p>
      </>
    );
  }
  renderWithProviders(<Card />);
  return { changes };
}

const trigger = (name: string | RegExp = 'Click to select location...') => screen.getByRole('button', { name });
const panel = () => screen.getByRole('dialog', { name: 'Select Location' });
const searchBox = () => screen.getByRole('combobox', { name: 'Search locations' });
const searchRequests = () => api.requests.filter((r) => r.path === '/api/locations');

describe('the location picker', () => {
  it('is closed by default, and opens on its button with the popular locations grouped by country', async () => {
    locationsServer();
    show();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger());
    expect(panel()).toBeTruthy();
    expect(searchBox().getAttribute('placeholder')).toBe('Select your location...');
    expect(document.activeElement).toBe(searchBox());
    const listbox = await screen.findByRole('listbox', { name: 'Locations' });
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Norway',
      'Sweden',
    ]);
    expect(within(groups[1]!).getByRole('option').textContent).toBe('StockholmStockholm County');
    // Nothing chosen yet: nothing to clear.
    expect(screen.queryByRole('option', { name: 'Clear location' })).toBeNull();
  });

  it('asks to tap rather than click on a touch screen (a coarse pointer without hover)', () => {
    const touch = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => ({ matches: query === '(hover: none) and (pointer: coarse)', media: query }) as MediaQueryList);
    try {
      locationsServer();
      show();
      expect(trigger('Tap to select location...')).toBeTruthy();
    } finally {
      touch.mockRestore();
    }
  });

  it("searches as the member types, once they pause, and picks with the arrow keys and Enter: '{name}, {country name}'", async () => {
    locationsServer();
    const { changes } = show();
    fireEvent.click(trigger());
    await screen.findByRole('option', { name: /Oslo/ });
    fireEvent.change(searchBox(), { target: { value: 's' } });
    fireEvent.change(searchBox(), { target: { value: 'st' } });
    fireEvent.change(searchBox(), { target: { value: 'sto' } });
    // The list still shows the popular locations, marked as about to change until the results are in.
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true');
    const custom = await screen.findByRole('option', { name: /Storå/ });
    await waitFor(() => expect(screen.getByRole('listbox').hasAttribute('aria-busy')).toBe(false));
    expect(within(custom).getByText('Custom')).toBeTruthy();
    // One request for the pause, not one per key.
    expect(searchRequests().map((r) => r.query.toString())).toEqual(['query=sto&limit=50']);
    expect(screen.queryByRole('option', { name: /Oslo/ })).toBeNull();

    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    const active = document.getElementById(searchBox().getAttribute('aria-activedescendant')!);
    expect(active?.textContent).toBe('StoråCustom');
    fireEvent.keyDown(searchBox(), { key: 'ArrowUp' });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });

    expect(changes).toEqual([{ id: STOCKHOLM.id, text: 'Stockholm, Sweden' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger('Stockholm, Sweden'));
  });

  it('picks with a click, keeps the results of the last search while the next one loads', async () => {
    locationsServer();
    const { changes } = show();
    fireEvent.click(trigger());
    fireEvent.change(searchBox(), { target: { value: 'ber' } });
    await screen.findByRole('option', { name: 'Berlin' });
    fireEvent.change(searchBox(), { target: { value: 'berl' } });
    // Still there during the pause and the request.
    expect(screen.getByRole('option', { name: 'Berlin' })).toBeTruthy();
    await waitFor(() => expect(searchRequests()).toHaveLength(2));
    fireEvent.click(screen.getByRole('option', { name: 'Berlin' }));
    expect(changes).toEqual([{ id: BERLIN.id, text: 'Berlin, Germany' }]);
  });

  it("clears the location with 'Clear location'", async () => {
    locationsServer();
    const { changes } = show({ id: OSLO.id, text: 'Oslo, Norway' });
    fireEvent.click(trigger('Oslo, Norway'));
    const chosen = await screen.findByRole('option', { name: 'Oslo' });
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Clear location' }));
    expect(changes).toEqual([null]);
    expect(trigger()).toBeTruthy();
  });

  it('closes on Escape and on its close button, giving focus back to its button, and on a press outside', async () => {
    locationsServer();
    const { changes } = show();
    fireEvent.click(trigger());
    fireEvent.keyDown(searchBox(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger());

    fireEvent.click(trigger());
    fireEvent.click(within(panel()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger());

    fireEvent.click(trigger());
    fireEvent.pointerDown(panel());
    expect(panel()).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(changes).toEqual([]);
  });

  it('does not open while disabled', () => {
    locationsServer();
    show(null, { disabled: true });
    fireEvent.click(trigger());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'No locations found' for a search without results", async () => {
    locationsServer();
    show();
    fireEvent.click(trigger());
    fireEvent.change(searchBox(), { target: { value: 'atlantis' } });
    expect(await screen.findByText('No locations found')).toBeTruthy();
  });

  it("says 'Could not load locations' when the search fails, and Retry asks again", async () => {
    let fail = true;
    api.on('GET /api/locations/popular', () =>
      fail ? { status: 500, body: { error: 'Internal server error' } } : { status: 200, body: { success: true, data: { locations: [OSLO] } } },
    );
    show();
    fireEvent.click(trigger());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load locations');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: 'Oslo' })).toBeTruthy();
  });

  it('says the search needs the network when offline, and keeps the chosen location', async () => {
    locationsServer();
    const { changes } = show({ id: OSLO.id, text: 'Oslo, Norway' });
    await whileBrowserOffline(async (announceOffline) => {
      announceOffline();
      // No answer from the server, as offline (the service worker has none kept either).
      api.on('GET /api/locations/popular', { status: 503 });
      api.on('GET /api/locations', { status: 503 });
      fireEvent.click(trigger('Oslo, Norway'));
      expect(await screen.findByText("You're offline. Locations can be searched once you're back online.")).toBeTruthy();
      fireEvent.change(searchBox(), { target: { value: 'sto' } });
      await waitFor(() => expect(searchRequests()).toHaveLength(1));
      expect(await screen.findByText("You're offline. Locations can be searched once you're back online.")).toBeTruthy();
      expect(screen.queryByText('Could not load locations')).toBeNull();
      // What was chosen can still be cleared.
      expect(screen.getByRole('option', { name: 'Clear location' })).toBeTruthy();
      fireEvent.keyDown(searchBox(), { key: 'Escape' });
    });
    expect(changes).toEqual([]);
    expect(trigger('Oslo, Norway')).toBeTruthy();
  });
});

describe('creating a custom location', () => {
  it('needs a name and a country, then creates it and selects it', async () => {
    locationsServer();
    api.on('POST /api/locations', (body) => ({
      status: 201,
      body: { success: true, data: place('l-new', (body as { name: string }).name, 'SE', { isCustom: true, region: 'Skåne' }) },
    }));
    const { changes } = show();
    fireEvent.click(trigger());
    fireEvent.change(searchBox(), { target: { value: '  ' } });
    const toggle = within(panel()).getByRole('button', { name: 'Create custom location' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('group', { name: 'Create custom location' });

    fireEvent.click(within(form).getByRole('button', { name: 'Create location' }));
    expect(
      within(form)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['Location name required', 'Country required']);

    fireEvent.change(within(form).getByLabelText('Location name'), { target: { value: 'Lomma' } });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'SE' } });
    fireEvent.change(within(form).getByLabelText('Region (optional)'), { target: { value: 'Skåne' } });
    fireEvent.keyDown(within(form).getByLabelText('Region (optional)'), { key: 'Enter' });

    await waitFor(() => expect(changes).toEqual([{ id: 'l-new', text: 'Lomma, Sweden' }]));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Lomma', country: 'SE', region: 'Skåne' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger('Lomma, Sweden')).toBeTruthy();
  });

  it('starts from what was typed in the search, shows the refusal under its field, and Cancel goes back to the search', async () => {
    locationsServer();
    api.on('POST /api/locations', { status: 400, body: { error: 'Invalid content detected', field: 'name' } });
    show();
    fireEvent.click(trigger());
    fireEvent.change(searchBox(), { target: { value: 'Lomma' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Create custom location' }));
    const form = screen.getByRole('group', { name: 'Create custom location' });
    expect((within(form).getByLabelText('Location name') as HTMLInputElement).value).toBe('Lomma');
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'SE' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create location' }));
    expect((await within(form).findByRole('alert')).textContent).toBe("We can't process your input for 'Location name' right now. Please try again later.");
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Create custom location' })).toBeNull();
    expect((searchBox() as HTMLInputElement).value).toBe('Lomma');
  });
});

describe('controlled opening', () => {
  it('follows `open` and reports what the member does through onOpenChange', async () => {
    locationsServer();
    openPage(api, '/profile');
    const reported: boolean[] = [];
    let setOpen: (open: boolean) => void = () => {};
    function Card() {
      const [open, set] = useState(false);
      setOpen = set;
      return (
        <LocationPicker
          value={null}
          onChange={() => {}}
          open={open}
          onOpenChange={(next) => {
            reported.push(next);
            set(next);
          }}
        />
      );
    }
    renderWithProviders(<Card />);
    fireEvent.click(trigger());
    expect(reported).toEqual([true]);
    expect(panel()).toBeTruthy();
    // The card's Save closes it.
    act(() => setOpen(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => setOpen(true));
    await screen.findByRole('option', { name: /Oslo/ });
    fireEvent.keyDown(searchBox(), { key: 'Escape' });
    expect(reported).toEqual([true, false]);
  });
});
