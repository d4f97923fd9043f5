import { useEffect, useId, useRef, useState } from 'react';
import type { CountedLabel } from '../../../../contract/events';
import { MAX_SEARCH_LENGTH, toggleId, type EventFilters } from '../discovery-url';
import type { HistoryMode } from '../use-events-url';
import type { FilterFacets } from '../use-filter-facets';
import { SearchIcon } from '../../../ui/event-icons';
import '../../../ui/field.css';

/** The search box commits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * On a phone a group shows this many chips (and the chosen ones) until 'Show all' is pressed: the
 * chips wrap instead of running off the panel's edge, and the panel stays short. The limit is
 * applied in CSS (events-page.css), so wider screens show every chip.
 */
export const PHONE_CHIPS = 6;

export interface FilterPanelProps {
  id: string;
  filters: EventFilters;
  facets: FilterFacets;
  onChange: (filters: EventFilters, mode?: HistoryMode) => void;
}

/**
 * The filter panel of 'All Events': the search box (name, description, organizer) and toggle chips
 * for categories, event types and locations, each with its count of upcoming events that match the
 * other groups' filters and the search (faceted counts); entries with no such events are not
 * offered unless chosen, so a choice can always be taken back where it was made.
 */
export function FilterPanel({ id, filters, facets, onChange }: FilterPanelProps) {
  return (
    <div id={id} className="filter-panel">
      <SearchBox value={filters.search} onCommit={(search, mode) => onChange({ ...filters, search }, mode)} />
      <FacetGroup
        title="Categories"
        facet={facets.categories}
        selected={filters.categories}
        onToggle={(itemId) => onChange({ ...filters, categories: toggleId(filters.categories, itemId) })}
      />
      <FacetGroup
        title="Event Types"
        facet={facets.eventTypes}
        selected={filters.eventTypes}
        onToggle={(itemId) => onChange({ ...filters, eventTypes: toggleId(filters.eventTypes, itemId) })}
      />
      <FacetGroup
        title="Locations"
        facet={facets.locations}
        selected={filters.locations}
        onToggle={(itemId) => onChange({ ...filters, locations: toggleId(filters.locations, itemId) })}
      />
    </div>
  );
}

/**
 * The search text is committed 300 ms after typing stops. The first commit of a round of typing adds
 * a history entry, later ones replace it, so back returns to the search before it, not letter by
 * letter. Changes from outside (back/forward, Clear) replace what the box shows.
 */
function SearchBox({ value, onCommit }: { value: string; onCommit: (search: string, mode: HistoryMode) => void }) {
  const inputId = useId();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const committed = useRef(value);
  const typingEntry = useRef(false);
  const onCommitRef = useRef(onCommit);
  useEffect(() => {
    onCommitRef.current = onCommit;
  });

  // The URL changed without this box (back/forward, Clear): show it, unless it is what was typed.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    committed.current = value;
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = next;
      onCommitRef.current(next, typingEntry.current ? 'replace' : 'push');
      typingEntry.current = true;
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="filter-search">
      <label htmlFor={inputId} className="visually-hidden">
        Search events
      </label>
      <SearchIcon className="filter-search-icon" width="18" height="18" />
      <input
        id={inputId}
        type="search"
        className="input filter-search-input"
        placeholder="Search by event name, description, or organizer..."
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          typingEntry.current = false;
        }}
      />
    </div>
  );
}

function FacetGroup({
  title,
  facet,
  selected,
  onToggle,
}: {
  title: string;
  facet: FilterFacets['categories'];
  selected: string[];
  onToggle: (id: string) => void;
}) {
  const headingId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const offered = facet.items.filter((item) => item.count > 0 || selected.includes(item.id));
  // Hiding one or two chips behind a button would save no room: the button takes a row too.
  const collapsible = offered.length > PHONE_CHIPS + 2;
  const name = title.toLowerCase();
  return (
    <div className="facet" role="group" aria-labelledby={headingId}>
      <h3 className="facet-title" id={headingId}>
        {title}
      </h3>
      {facet.status === 'pending' ? (
        <div className="facet-chips" aria-hidden="true">
          {[5, 7, 4, 6].map((width, index) => (
            <span key={index} className="chip chip--skeleton skeleton" style={{ width: `${width}rem` }} />
          ))}
        </div>
      ) : facet.status === 'error' ? (
        <p className="facet-note">{navigator.onLine ? `Could not load ${name}.` : `You're offline: ${name} show once you're back online.`}</p>
      ) : offered.length === 0 ? (
        <p className="facet-note">No {name} with upcoming events.</p>
      ) : (
        <>
          <div id={listId} className={collapsible && !expanded ? 'facet-chips facet-chips--collapsed' : 'facet-chips'}>
            {offered.map((item) => (
              <FacetChip key={item.id} item={item} pressed={selected.includes(item.id)} onToggle={onToggle} />
            ))}
          </div>
          {collapsible && (
            <button type="button" className="facet-more" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
              {expanded ? `Show fewer ${name}` : `Show all ${offered.length} ${name}`}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function FacetChip({ item, pressed, onToggle }: { item: CountedLabel; pressed: boolean; onToggle: (id: string) => void }) {
  return (
    <button
      type="button"
      className="chip"
      aria-pressed={pressed}
      aria-label={`${item.label} (${item.count} ${item.count === 1 ? 'event' : 'events'})`}
      onClick={() => onToggle(item.id)}
    >
      {item.label}
      <span className="chip-count" aria-hidden="true">
        {item.count}
      </span>
    </button>
  );
}
