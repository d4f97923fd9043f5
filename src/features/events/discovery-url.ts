/**
 * The discovery view lives in the URL (docs/product.md section 2), so a copied link reproduces it and
 * back/forward restore it:
 *   categories, eventTypes, locations  comma lists of ids
 *   search                             the search text
 *   page                               how many pages are loaded (page N means pages 1..N); default 1,
 *                                      anything but a whole number of at least 1 becomes 1
 *   tab                                'find' or 'attending' (see EventsScreen)
 * Other parameters are kept as they are.
 */

export interface EventFilters {
  categories: string[];
  eventTypes: string[];
  locations: string[];
  search: string;
}

export interface DiscoveryView extends EventFilters {
  page: number;
}

export type EventsTab = 'find' | 'attending';

export const EMPTY_FILTERS: EventFilters = { categories: [], eventTypes: [], locations: [], search: '' };

/** Highest page a link may ask for; a larger number is read as that many pages. */
export const MAX_URL_PAGE = 50;
/** The server refuses longer search texts. */
export const MAX_SEARCH_LENGTH = 200;

const FILTER_PARAMS = ['categories', 'eventTypes', 'locations', 'search', 'page'] as const;

// The server answers 400 to anything but UUIDs in these lists; a hand-edited or truncated link
// should still open, so such entries are dropped when the URL is read.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "a,b,,c " -> ['a', 'b', 'c']: empty entries, entries that are not ids and repeats are dropped. */
export function parseIdList(value: string | null): string[] {
  if (!value) return [];
  const ids: string[] = [];
  for (const raw of value.split(',')) {
    const id = raw.trim().toLowerCase();
    if (UUID.test(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** '3' -> 3; missing, '0', '-1', '2.5', 'abc' -> 1. */
export function parsePage(value: string | null): number {
  if (value === null || !/^\s*\d{1,6}\s*$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? Math.min(page, MAX_URL_PAGE) : 1;
}

function toParams(search: string | URLSearchParams): URLSearchParams {
  return typeof search === 'string' ? new URLSearchParams(search.replace(/^\?/, '')) : search;
}

export function parseDiscoveryView(search: string | URLSearchParams): DiscoveryView {
  const params = toParams(search);
  return {
    categories: parseIdList(params.get('categories')),
    eventTypes: parseIdList(params.get('eventTypes')),
    locations: parseIdList(params.get('locations')),
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    page: parsePage(params.get('page')),
  };
}

/** tab=attending selects 'Events you're attending'; anything else (tab=find, none) the find tab. */
export function parseTab(search: string | URLSearchParams): EventsTab {
  return toParams(search).get('tab') === 'attending' ? 'attending' : 'find';
}

/**
 * The query string of a view, keeping parameters this screen does not own. Empty lists, an empty
 * search and page 1 are left out, so the plain list is plain /events.
 */
export function writeDiscoveryView(view: DiscoveryView, current: string | URLSearchParams = ''): string {
  const params = new URLSearchParams(toParams(current));
  for (const name of FILTER_PARAMS) params.delete(name);
  if (view.categories.length) params.set('categories', view.categories.join(','));
  if (view.eventTypes.length) params.set('eventTypes', view.eventTypes.join(','));
  if (view.locations.length) params.set('locations', view.locations.join(','));
  const search = view.search.trim();
  if (search) params.set('search', search);
  if (view.page > 1) params.set('page', String(view.page));
  // Commas are allowed in a query; keeping them readable makes shared links readable.
  return params.toString().replace(/%2C/gi, ',');
}

export function hasActiveFilters(filters: EventFilters): boolean {
  return filters.categories.length > 0 || filters.eventTypes.length > 0 || filters.locations.length > 0 || filters.search.trim() !== '';
}

export function activeFilterCount(filters: EventFilters): number {
  return filters.categories.length + filters.eventTypes.length + filters.locations.length + (filters.search.trim() ? 1 : 0);
}

/** The filters alone, in a stable order: the query key of a discovery list. */
export function filtersOf(view: EventFilters): EventFilters {
  const sorted = (ids: string[]) => [...ids].sort();
  return {
    categories: sorted(view.categories),
    eventTypes: sorted(view.eventTypes),
    locations: sorted(view.locations),
    search: view.search.trim(),
  };
}

export function toggleId(ids: string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}
