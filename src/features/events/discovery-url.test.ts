import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersOf, hasActiveFilters, parseDiscoveryView, parseIdList, parsePage, parseTab, writeDiscoveryView } from './discovery-url';
import { uuid } from './test-fixtures';

const [a, b, c] = [uuid(1), uuid(2), uuid(3)];

describe('reading the URL', () => {
  it('reads comma lists of ids, dropping empty entries, repeats and what is not an id', () => {
    expect(parseIdList(`${a},${b}`)).toEqual([a, b]);
    expect(parseIdList(` ${a} ,,${b},`)).toEqual([a, b]);
    expect(parseIdList(`${a},${a.toUpperCase()}`)).toEqual([a]);
    expect(parseIdList(`${a},tech,1;drop`)).toEqual([a]);
    expect(parseIdList('')).toEqual([]);
    expect(parseIdList(null)).toEqual([]);
  });

  it('page defaults to 1 and anything invalid becomes 1', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
    for (const bad of ['', '0', '-2', '2.5', 'abc', '1e3', '9999999']) expect(parsePage(bad)).toBe(1);
    expect(parsePage('500')).toBe(50);
  });

  it('reads the whole view', () => {
    const view = parseDiscoveryView(`?categories=${a},${b}&eventTypes=${c}&locations=&search=%20ai%20summit%20&page=2&tab=find`);
    expect(view).toEqual({ categories: [a, b], eventTypes: [c], locations: [], search: 'ai summit', page: 2 });
    expect(parseDiscoveryView('')).toEqual({ categories: [], eventTypes: [], locations: [], search: '', page: 1 });
    expect(parseDiscoveryView('page=zero').page).toBe(1);
  });

  it('tab=attending selects the attending tab, anything else the find tab', () => {
    expect(parseTab('tab=attending')).toBe('attending');
    expect(parseTab('tab=find')).toBe('find');
    expect(parseTab('')).toBe('find');
    expect(parseTab('tab=other')).toBe('find');
  });
});

describe('writing the URL', () => {
  it('writes readable comma lists and leaves defaults out', () => {
    expect(writeDiscoveryView({ categories: [a, b], eventTypes: [], locations: [c], search: 'ai', page: 1 })).toBe(
      `categories=${a},${b}&locations=${c}&search=ai`,
    );
    expect(writeDiscoveryView({ categories: [], eventTypes: [], locations: [], search: '  ', page: 1 })).toBe('');
    expect(writeDiscoveryView({ categories: [], eventTypes: [c], locations: [], search: '', page: 3 })).toBe(`eventTypes=${c}&page=3`);
  });

  it('keeps parameters it does not own and replaces its own', () => {
    expect(writeDiscoveryView({ categories: [a], eventTypes: [], locations: [], search: '', page: 1 }, `tab=find&categories=${b}&page=4`)).toBe(
      `tab=find&categories=${a}`,
    );
  });

  it('round-trips', () => {
    const view = { categories: [a], eventTypes: [b, c], locations: [a], search: 'data & ai, 2026', page: 2 };
    expect(parseDiscoveryView(writeDiscoveryView(view))).toEqual(view);
  });
});

describe('filter state', () => {
  it('counts active filters', () => {
    const none = { categories: [], eventTypes: [], locations: [], search: '' };
    expect(hasActiveFilters(none)).toBe(false);
    expect(hasActiveFilters({ ...none, search: ' ' })).toBe(false);
    expect(hasActiveFilters({ ...none, locations: [a] })).toBe(true);
    expect(activeFilterCount({ categories: [a, b], eventTypes: [c], locations: [], search: 'x' })).toBe(4);
  });

  it('the query key ignores the order of ids and the page', () => {
    expect(filtersOf({ categories: [b, a], eventTypes: [], locations: [], search: ' x ', page: 3 } as never)).toEqual(
      filtersOf({ categories: [a, b], eventTypes: [], locations: [], search: 'x' }),
    );
  });
});
