import { Button } from '../../../ui/Button';
import { XIcon } from '../../../ui/icons';
import { ShareIcon } from '../../../ui/share-icon';
import { toast } from '../../../ui/toast-store';
import type { EventFilters } from '../discovery-url';
import type { Facet, FilterFacets } from '../use-filter-facets';
import type { HistoryMode } from '../use-events-url';

interface ActiveFiltersProps {
  filters: EventFilters;
  facets: FilterFacets;
  onChange: (filters: EventFilters, mode?: HistoryMode) => void;
  onClear: () => void;
}

interface Pill {
  key: string;
  label: string;
  remove: () => EventFilters;
}

function labelOf(facet: Facet, id: string, fallback: string): string {
  return facet.items.find((item) => item.id === id)?.label ?? (facet.status === 'pending' ? '…' : fallback);
}

/**
 * Copies the link of the filtered view: the URL holds every filter, so the link reproduces the view
 * (docs/product.md section 2: 'Link copied!' or 'Failed to copy link').
 */
export async function copyViewLink(): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard not available');
    await navigator.clipboard.writeText(window.location.href);
    toast({ title: 'Link copied!' });
  } catch {
    toast({ title: 'Failed to copy link', variant: 'destructive' });
  }
}

/**
 * Shown while any filter is active: what is filtered (each removable on its own), Share and Clear.
 */
export function ActiveFilters({ filters, facets, onChange, onClear }: ActiveFiltersProps) {
  const pills: Pill[] = [
    ...filters.categories.map((id) => ({
      key: `c-${id}`,
      label: labelOf(facets.categories, id, 'Category'),
      remove: () => ({ ...filters, categories: filters.categories.filter((x) => x !== id) }),
    })),
    ...filters.eventTypes.map((id) => ({
      key: `t-${id}`,
      label: labelOf(facets.eventTypes, id, 'Event type'),
      remove: () => ({ ...filters, eventTypes: filters.eventTypes.filter((x) => x !== id) }),
    })),
    ...filters.locations.map((id) => ({
      key: `l-${id}`,
      label: labelOf(facets.locations, id, 'Location'),
      remove: () => ({ ...filters, locations: filters.locations.filter((x) => x !== id) }),
    })),
    ...(filters.search ? [{ key: 'search', label: `“${filters.search}”`, remove: () => ({ ...filters, search: '' }) }] : []),
  ];

  return (
    <section className="active-filters" aria-label="Active filters">
      <div className="active-filters-list">
        <span className="active-filters-title">Filtered by</span>
        <ul className="active-filter-pills">
          {pills.map((pill) => (
            <li key={pill.key} className="active-filter-pill">
              <span>{pill.label}</span>
              <button type="button" className="active-filter-remove" aria-label={`Remove filter ${pill.label}`} onClick={() => onChange(pill.remove())}>
                <XIcon width="14" height="14" />
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="active-filters-actions">
        <Button variant="secondary" size="sm" onClick={() => void copyViewLink()}>
          <ShareIcon size={16} />
          Share
        </Button>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear
        </Button>
      </div>
    </section>
  );
}
