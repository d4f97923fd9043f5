import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Location } from '../../../../contract/events';
import { Button } from '../../../ui/Button';
import { XIcon } from '../../../ui/icons';
import { usePopularLocations } from '../api/get-popular-locations';
import { useLocationSearch } from '../api/search-locations';
import { CLEAR_KEY, listState, movedActiveKey, pickerList, type PickerOption } from '../picker-options';
import { useOnline } from '../../../lib/use-online';
import { CreateLocationForm } from './CreateLocationForm';
import { LocationOptions } from './LocationOptions';
import { LocationStatus } from './LocationStatus';

/** docs/product.md section 9: under 768 px wide is a phone (location-picker.css uses the same width). */
const PHONE_QUERY = '(max-width: 767.98px)';

export interface LocationPanelProps {
  id: string;
  selectedId: string | null;
  hasValue: boolean;
  /** A location, or null for 'Clear location'. */
  onChoose(location: Location | null): void;
  onClose(): void;
}

/**
 * The open picker, 'Select Location': a search box over the locations grouped by country (the
 * popular ones before anything is typed), 'Clear location' when one is chosen, and the toggled
 * 'Create custom location' form. Mounted only while open, so each opening starts with an empty search.
 */
export function LocationPanel({ id, selectedId, hasValue, onChoose, onClose }: LocationPanelProps) {
  const headingId = useId();
  const listboxId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const online = useOnline();

  const search = useLocationSearch(text);
  const searching = search.query !== '';
  const popular = usePopularLocations(!searching);
  const source = searching ? search : popular;
  const list = useMemo(() => pickerList(source.data ?? [], hasValue), [source.data, hasValue]);
  const state = listState(source, online);
  // Typed but not yet searched (the pause before the request): the list is about to change.
  const pending = text.trim() !== search.query;
  const active = list.options.some((option) => option.key === activeKey) ? activeKey : null;
  const optionId = (key: string) => `${listboxId}-${key}`;

  // On a phone the panel opens in the page's flow: the picker moves to the top of the screen so the
  // whole panel fits above the bottom bar (360x640 included). On a desktop the popover floats under
  // the button and only needs to be in view. Again once the list is in, as it makes the panel taller.
  const settled = state !== 'loading';
  useEffect(() => {
    const panel = panelRef.current;
    const phone = window.matchMedia?.(PHONE_QUERY).matches ?? false;
    (phone ? panel?.parentElement : panel)?.scrollIntoView?.({ block: phone ? 'start' : 'nearest' });
  }, [settled]);
  useEffect(() => {
    if (active) document.getElementById(`${listboxId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listboxId]);

  const choose = (option: PickerOption) => onChoose(option.key === CLEAR_KEY ? null : option.location);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveKey(movedActiveKey(list.options, active, event.key));
    } else if (event.key === 'Enter') {
      // Never the profile form's submit.
      event.preventDefault();
      const option = list.options.find((entry) => entry.key === active);
      if (option) choose(option);
    }
  };

  const onPanelKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    // Only the picker closes, not a dialog it may sit in.
    event.stopPropagation();
    onClose();
  };

  const showList = list.options.length > 0;
  return (
    <div id={id} ref={panelRef} className="location-panel" role="dialog" aria-labelledby={headingId} onKeyDown={onPanelKey}>
      <div className="location-panel-header">
        <h3 id={headingId} className="location-panel-title">
          Select Location
        </h3>
        <Button variant="ghost" size="sm" className="location-panel-close" aria-label="Close" onClick={onClose}>
          <XIcon size={18} />
        </Button>
      </div>
      {!creating && (
        <>
          <input
            className="input location-search"
            type="text"
            role="combobox"
            aria-label="Search locations"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={showList ? listboxId : undefined}
            aria-activedescendant={active ? optionId(active) : undefined}
            placeholder="Select your location..."
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActiveKey(null);
            }}
            onKeyDown={onSearchKey}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={100}
            autoFocus
          />
          {showList && (
            <LocationOptions
              id={listboxId}
              list={list}
              activeKey={active}
              selectedId={selectedId}
              optionId={optionId}
              onChoose={choose}
              onActivate={setActiveKey}
              busy={source.isFetching || pending}
            />
          )}
          <LocationStatus state={state} onRetry={() => void source.refetch()} />
        </>
      )}
      <Button variant="link" className="location-create-toggle" aria-expanded={creating} onClick={() => setCreating((open) => !open)}>
        Create custom location
      </Button>
      {creating && <CreateLocationForm initialName={text} onCreated={onChoose} onCancel={() => setCreating(false)} />}
    </div>
  );
}
