import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AttendeeConnection } from '../../../../contract/events';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { CalendarIcon } from '../../../ui/icons';
import { FilterIcon, RefreshIcon } from '../../../ui/event-icons';
import { toast } from '../../../ui/toast-store';
import { discoveryQueryOptions } from '../api/get-events';
import { activeFilterCount, filtersOf, hasActiveFilters, type DiscoveryView, type EventFilters } from '../discovery-url';
import type { HistoryMode } from '../use-events-url';
import { EventCard } from './EventCard';
import { ListError } from './ListError';
import { EventCardSkeleton } from './Skeletons';

// The filter panel and summary load on first use (see Filters.tsx); hovering or focusing the Filter
// button starts loading them early.
const loadFilters = () => import('./Filters');
const Filters = lazy(() => loadFilters().then((m) => ({ default: m.Filters })));

/** docs/product.md sections 4 and 9: the next page is added after an artificial 300 ms delay. */
export const LOAD_MORE_DELAY_MS = 300;

/** Cards shown on the first screen load their images at once; the rest lazily. */
const EAGER_IMAGES = 2;

interface DiscoverySectionProps {
  view: DiscoveryView;
  canConnect: boolean;
  onFiltersChange: (filters: EventFilters, mode?: HistoryMode) => void;
  onClearFilters: () => void;
  onPageChange: (page: number) => void;
}

/**
 * 'All Events': the Filter toggle and panel, the active filters with Share and Clear, the cards (two
 * columns on wide screens), 'Showing X of Y events' and 'Load more events'.
 *
 * The URL's page N means pages 1..N are shown: a shared link (or back/forward) loads the missing
 * pages one after the other; 'Load more events' waits 300 ms, then raises N by one.
 */
export function DiscoverySection({ view, canConnect, onFiltersChange, onClearFilters, onPageChange }: DiscoverySectionProps) {
  const headingId = useId();
  const panelId = useId();
  const filters = useMemo(() => filtersOf(view), [view]);
  const active = hasActiveFilters(filters);
  const [panelOpen, setPanelOpen] = useState(false);

  // While other filters load, the previous list stays (dimmed) instead of flashing skeletons.
  const query = useInfiniteQuery({ ...discoveryQueryOptions(filters), placeholderData: keepPreviousData });
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, isPlaceholderData, isFetching, fetchNextPage } = query;

  const loadedPages = data?.pages.length ?? 0;
  const shownPages = useMemo(() => data?.pages.slice(0, Math.max(1, view.page)) ?? [], [data, view.page]);
  const events = useMemo(() => shownPages.flatMap((page) => page.events), [shownPages]);
  const connections = useMemo(() => {
    const merged: Record<string, AttendeeConnection[]> = {};
    for (const page of shownPages) Object.assign(merged, page.attendeeConnections);
    return merged;
  }, [shownPages]);
  const total = shownPages.at(-1)?.total ?? 0;
  const catchingUp = !isPlaceholderData && loadedPages > 0 && loadedPages < view.page && Boolean(hasNextPage);

  // Load the pages the URL asks for (a shared link, back/forward, or 'Load more events').
  useEffect(() => {
    if (catchingUp && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [catchingUp, isFetching, isFetchNextPageError, fetchNextPage]);

  // The pending 'Load more' belongs to one set of filters; other filters drop it.
  const filtersKey = JSON.stringify(filters);
  const latestKey = useRef(filtersKey);
  useEffect(() => {
    latestKey.current = filtersKey;
  });
  const [delayingFor, setDelayingFor] = useState<string | null>(null);
  const delaying = delayingFor === filtersKey;
  const delayTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(delayTimer.current), []);

  const canLoadMore = !isPlaceholderData && (shownPages.length < loadedPages || Boolean(hasNextPage));
  const loadingMore = delaying || isFetchingNextPage || catchingUp;

  const loadMore = () => {
    if (loadingMore) return;
    const key = filtersKey;
    const nextPage = shownPages.length + 1;
    setDelayingFor(key);
    delayTimer.current = setTimeout(() => {
      setDelayingFor(null);
      if (latestKey.current === key) onPageChange(nextPage);
    }, LOAD_MORE_DELAY_MS);
  };

  const clear = () => {
    onClearFilters();
    toast({ title: 'Filters cleared' });
  };

  const count = activeFilterCount(filters);

  return (
    <section className="events-section" aria-labelledby={headingId}>
      <div className="events-section-header">
        <h2 className="events-section-title" id={headingId}>
          All Events
        </h2>
        <Button
          variant={panelOpen ? 'primary' : 'secondary'}
          size="sm"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          aria-label={count > 0 ? `Filter (${count} active)` : undefined}
          onClick={() => setPanelOpen((open) => !open)}
          onPointerEnter={() => void loadFilters()}
          onFocus={() => void loadFilters()}
        >
          <FilterIcon size={16} />
          Filter
          {count > 0 && (
            <span className="filter-count" aria-hidden="true">
              {count}
            </span>
          )}
        </Button>
      </div>

      {(panelOpen || active) && (
        <Suspense fallback={panelOpen ? <div className="filter-panel filter-panel--loading" aria-hidden="true" /> : null}>
          <Filters panelId={panelId} panelOpen={panelOpen} active={active} filters={filters} onChange={onFiltersChange} onClear={clear} />
        </Suspense>
      )}

      {query.isPending ? (
        <div className="event-grid" role="status" aria-label="Loading events">
          {Array.from({ length: 4 }, (_, index) => (
            <EventCardSkeleton key={index} />
          ))}
        </div>
      ) : query.isError && !data ? (
        <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : events.length === 0 ? (
        <EmptyState
          icon={<CalendarIcon />}
          title="No Events Available"
          action={
            <div className="empty-actions">
              <Button variant="secondary" onClick={() => void query.refetch()} loading={isFetching && !isPlaceholderData}>
                <RefreshIcon size={16} />
                Refresh
              </Button>
              {active && (
                <Button variant="ghost" onClick={clear}>
                  Clear filters
                </Button>
              )}
            </div>
          }
        >
          {active ? 'No upcoming events match these filters.' : 'There are no upcoming events right now. Check back soon.'}
        </EmptyState>
      ) : (
        <>
          <ul className={`event-grid${isPlaceholderData ? ' event-grid--stale' : ''}`} aria-busy={isPlaceholderData || undefined}>
            {events.map((item, index) => (
              <li key={item.id}>
                <EventCard item={item} connections={connections[item.id]} canConnect={canConnect} imageLoading={index < EAGER_IMAGES ? 'eager' : 'lazy'} />
              </li>
            ))}
            {loadingMore &&
              Array.from({ length: 2 }, (_, index) => (
                <li key={`skeleton-${index}`} aria-hidden="true">
                  <EventCardSkeleton />
                </li>
              ))}
          </ul>
          <div className="events-footer">
            <p className="events-count" aria-live="polite">
              Showing {events.length} of {total} events
            </p>
            {isFetchNextPageError ? (
              <ListError message={errorMessage(query.error)} onRetry={() => void fetchNextPage()} compact />
            ) : (
              canLoadMore && (
                <Button variant="secondary" onClick={loadMore} loading={loadingMore} className="events-load-more">
                  Load more events
                </Button>
              )
            )}
          </div>
        </>
      )}
    </section>
  );
}
