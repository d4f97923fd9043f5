import { describe, expect, it } from 'vitest';
import type { Location } from '../../../contract/events';
import { CLEAR_KEY, listState, movedActiveKey, pickerList } from './picker-options';

const place = (id: string, name: string, country: string): Location => ({
  id,
  name,
  country,
  region: null,
  isCustom: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  eventCount: 0,
});
const PLACES = [place('oslo', 'Oslo', 'NO'), place('lund', 'Lund', 'SE'), place('bergen', 'Bergen', 'NO')];

describe('the picker list', () => {
  it("lists the options as shown: 'Clear location' when something is chosen, then country by country", () => {
    expect(pickerList(PLACES, true).options.map((o) => o.key)).toEqual([CLEAR_KEY, 'bergen', 'oslo', 'lund']);
    expect(pickerList(PLACES, false).options.map((o) => o.key)).toEqual(['bergen', 'oslo', 'lund']);
    expect(pickerList([], true).groups).toEqual([]);
  });

  it('moves with the arrow keys and stops at the ends', () => {
    const { options } = pickerList(PLACES, false);
    expect(movedActiveKey(options, null, 'ArrowDown')).toBe('bergen');
    expect(movedActiveKey(options, null, 'ArrowUp')).toBe('lund');
    expect(movedActiveKey(options, 'bergen', 'ArrowDown')).toBe('oslo');
    expect(movedActiveKey(options, 'lund', 'ArrowDown')).toBe('lund');
    expect(movedActiveKey(options, 'bergen', 'ArrowUp')).toBe('bergen');
  });

  it('starts again from the top when the active option left the list, and has nothing to move to in an empty one', () => {
    expect(movedActiveKey(pickerList(PLACES, false).options, 'gone', 'ArrowDown')).toBe('bergen');
    expect(movedActiveKey([], null, 'ArrowDown')).toBeNull();
  });
});

describe('the list state', () => {
  const idle = { data: undefined, isError: false, fetchStatus: 'idle' } as const;

  it('is loading until an answer, then empty or ready', () => {
    expect(listState({ ...idle, fetchStatus: 'fetching' }, true)).toBe('loading');
    expect(listState({ ...idle, data: [] }, true)).toBe('empty');
    expect(listState({ ...idle, data: [1] }, true)).toBe('ready');
  });

  it('is an error to retry online, and offline when the network is gone', () => {
    expect(listState({ ...idle, isError: true }, true)).toBe('error');
    expect(listState({ ...idle, isError: true }, false)).toBe('offline');
    expect(listState({ ...idle, fetchStatus: 'paused' }, false)).toBe('offline');
  });

  it('shows what the service worker answered even offline', () => {
    expect(listState({ ...idle, data: [1] }, false)).toBe('ready');
  });
});
