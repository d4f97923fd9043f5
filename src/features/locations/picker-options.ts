import type { Location } from '../../../contract/events';
import { groupByCountry, type CountryGroup } from './location-display';

/** One choice of the picker's list: 'Clear location' (only when something is chosen) or a location. */
export type PickerOption = { key: typeof CLEAR_KEY; location: null } | { key: string; location: Location };

/** Cannot collide with a location id (UUIDs). */
export const CLEAR_KEY = 'clear';

export interface PickerList {
  groups: CountryGroup[];
  /** In the order shown (and moved through with the arrow keys): 'Clear location' first, then group by group. */
  options: PickerOption[];
}

export function pickerList(locations: readonly Location[], hasValue: boolean): PickerList {
  const groups = groupByCountry(locations);
  const options: PickerOption[] = hasValue ? [{ key: CLEAR_KEY, location: null }] : [];
  for (const group of groups) for (const location of group.locations) options.push({ key: location.id, location });
  return { groups, options };
}

/**
 * The option an arrow key moves to from `activeKey` (null or gone: none yet). Down from none is
 * the first, Up from none the last; the ends stop rather than wrap, as a native select does.
 * (Home and End stay with the search box's caret.)
 */
export function movedActiveKey(options: readonly PickerOption[], activeKey: string | null, key: 'ArrowDown' | 'ArrowUp'): string | null {
  if (options.length === 0) return null;
  const last = options.length - 1;
  const index = activeKey === null ? -1 : options.findIndex((option) => option.key === activeKey);
  let next: number;
  if (index < 0) next = key === 'ArrowDown' ? 0 : last;
  else next = key === 'ArrowDown' ? Math.min(index + 1, last) : Math.max(index - 1, 0);
  return options[next]!.key;
}

/** The list area's state, from the query feeding it: loading, offline, error, empty or ready. */
export type LocationListState = 'loading' | 'offline' | 'error' | 'empty' | 'ready';

export interface ListQueryState {
  data: readonly unknown[] | undefined;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * A failure (or a request waiting for the network) while the browser is offline is 'offline', not
 * an error to retry: the search needs the network. An answer the service worker kept still shows.
 */
export function listState(query: ListQueryState, online: boolean): LocationListState {
  if (!online && (query.isError || query.fetchStatus === 'paused')) return 'offline';
  if (query.isError) return 'error';
  if (query.data === undefined) return 'loading';
  return query.data.length === 0 ? 'empty' : 'ready';
}
