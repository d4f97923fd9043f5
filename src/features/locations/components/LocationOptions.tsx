import type { ReactNode } from 'react';
import type { Location } from '../../../../contract/events';
import { CLEAR_KEY, type PickerList, type PickerOption } from '../picker-options';

export interface LocationOptionsProps {
  id: string;
  list: PickerList;
  /** The option the arrow keys are on (the search box points at it with aria-activedescendant). */
  activeKey: string | null;
  selectedId: string | null;
  optionId(key: string): string;
  onChoose(option: PickerOption): void;
  onActivate(key: string): void;
  busy: boolean;
}

/**
 * The picker's choices as a listbox of the search box (combobox), grouped by country as in the
 * APG's grouped listbox: each group is labelled by its heading, which is presentation so the
 * listbox holds only groups and options. Options are not focusable: focus stays in the search box
 * and the arrow keys move the active option, so typing never stops.
 */
export function LocationOptions({ id, list, activeKey, selectedId, optionId, onChoose, onActivate, busy }: LocationOptionsProps) {
  const option = (entry: PickerOption, content: ReactNode, selected: boolean) => (
    <div
      key={entry.key}
      id={optionId(entry.key)}
      role="option"
      aria-selected={selected}
      className={`location-option${entry.key === activeKey ? ' location-option--active' : ''}${entry.key === CLEAR_KEY ? ' location-option--clear' : ''}`}
      onClick={() => onChoose(entry)}
      onPointerMove={() => entry.key !== activeKey && onActivate(entry.key)}
    >
      {content}
    </div>
  );
  const clear = list.options[0]?.key === CLEAR_KEY ? list.options[0] : null;
  return (
    <div id={id} role="listbox" aria-label="Locations" aria-busy={busy || undefined} className="location-options">
      {clear && option(clear, 'Clear location', false)}
      {list.groups.map((group) => {
        const headingId = `${id}-${group.country}`;
        return (
          <div key={group.country} role="group" aria-labelledby={headingId} className="location-group">
            <div id={headingId} role="presentation" className="location-group-heading">
              {group.countryName}
            </div>
            {group.locations.map((location) => option({ key: location.id, location }, <OptionText location={location} />, location.id === selectedId))}
          </div>
        );
      })}
    </div>
  );
}

function OptionText({ location }: { location: Location }) {
  return (
    <>
      <span className="location-option-name">{location.name}</span>
      {location.region && <span className="location-option-region">{location.region}</span>}
      {location.isCustom && <span className="badge location-option-badge">Custom</span>}
    </>
  );
}
