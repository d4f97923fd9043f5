import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  /** Accessible name of the tab list. */
  label: string;
  items: TabItem[];
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * WAI-ARIA tabs: one tab stop for the list, arrow keys (and Home/End) move between tabs and select
 * them, the panel is labelled by its tab.
 */
export function Tabs({ label, items, value, onValueChange }: TabsProps) {
  const base = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const selected = items.find((item) => item.value === value) ?? items[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === selected?.value);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    onValueChange(target.value);
    tabRefs.current.get(target.value)?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs-list" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.value === selected?.value;
          return (
            <button
              key={item.value}
              ref={(node) => {
                if (node) tabRefs.current.set(item.value, node);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.value}`}
              aria-selected={isSelected}
              aria-controls={`${base}-panel-${item.value}`}
              tabIndex={isSelected ? 0 : -1}
              className="tabs-tab"
              onClick={() => onValueChange(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {selected && (
        <div role="tabpanel" id={`${base}-panel-${selected.value}`} aria-labelledby={`${base}-tab-${selected.value}`} className="tabs-panel">
          {selected.content}
        </div>
      )}
    </div>
  );
}
