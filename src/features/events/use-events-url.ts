import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { EMPTY_FILTERS, parseDiscoveryView, parseTab, writeDiscoveryView, type DiscoveryView, type EventFilters, type EventsTab } from './discovery-url';

export type HistoryMode = 'push' | 'replace';

/**
 * The events screen's state in the URL (see discovery-url.ts). Changing filters adds a history entry
 * (back returns to the previous filters) and starts again at page 1; loading more replaces the entry,
 * so back does not step through pages.
 */
export function useEventsUrl() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const view = useMemo(() => parseDiscoveryView(search), [search]);
  const tab = useMemo(() => parseTab(search), [search]);

  const go = useCallback(
    (query: string, mode: HistoryMode) => {
      // Read the live URL: several changes may happen before the next render.
      const next = query ? `${path}?${query}` : path;
      const current = window.location.pathname + window.location.search;
      if (next === current) return;
      navigate(next, { replace: mode === 'replace' });
    },
    [path, navigate],
  );

  const setView = useCallback((next: DiscoveryView, mode: HistoryMode) => go(writeDiscoveryView(next, window.location.search), mode), [go]);

  const setFilters = useCallback((filters: EventFilters, mode: HistoryMode = 'push') => setView({ ...filters, page: 1 }, mode), [setView]);

  const setPage = useCallback((page: number) => setView({ ...parseDiscoveryView(window.location.search), page }, 'replace'), [setView]);

  const clearFilters = useCallback(() => setFilters(EMPTY_FILTERS), [setFilters]);

  const setTab = useCallback(
    (next: EventsTab) => {
      const params = new URLSearchParams(window.location.search);
      params.set('tab', next);
      go(params.toString().replace(/%2C/gi, ','), 'push');
    },
    [go],
  );

  return { view, tab, setFilters, setPage, clearFilters, setTab };
}
