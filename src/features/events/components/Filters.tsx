import type { EventFilters } from '../discovery-url';
import type { HistoryMode } from '../use-events-url';
import { useFilterFacets } from '../use-filter-facets';
import { ActiveFilters } from './ActiveFilters';
import { FilterPanel } from './FilterPanel';

export interface FiltersProps {
  panelId: string;
  panelOpen: boolean;
  active: boolean;
  filters: EventFilters;
  onChange: (filters: EventFilters, mode?: HistoryMode) => void;
  onClear: () => void;
}

/**
 * The filter panel and the active-filter summary with Share and Clear. Loaded only once needed (the
 * panel is opened, or the URL has filters), with the facets they show, so the first screen carries
 * neither their code nor their calls.
 */
export function Filters({ panelId, panelOpen, active, filters, onChange, onClear }: FiltersProps) {
  const facets = useFilterFacets(filters);
  return (
    <>
      {panelOpen && <FilterPanel id={panelId} filters={filters} facets={facets} onChange={onChange} />}
      {active && <ActiveFilters filters={filters} facets={facets} onChange={onChange} onClear={onClear} />}
    </>
  );
}
