import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Location } from '../../../../contract/events';
import { Button } from '../../../ui/Button';
import { ChevronDownIcon, MapPinIcon } from '../../../ui/event-icons';
import { locationDisplay } from '../location-display';
import { LocationPanel } from './LocationPanel';
import './location-picker.css';

/** The chosen location: its id and its display text ('{name}, {country name}'). */
export interface PickedLocation {
  id: string;
  text: string;
}

export interface LocationPickerProps {
  value: PickedLocation | null;
  /** A picked or created location, or null when the member chooses 'Clear location'. */
  onChange(value: PickedLocation | null): void;
  disabled?: boolean;
  /** Controlled mode (the About card closes the picker on Save); without it the picker keeps its own. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}

export const LOCATION_PICKER_PLACEHOLDER = 'Click to select location...';
/** The same on a touch screen (a coarse pointer without hover), where nothing is clicked. */
export const LOCATION_PICKER_PLACEHOLDER_TOUCH = 'Tap to select location...';
const touchScreen = () => typeof window.matchMedia === 'function' && window.matchMedia('(hover: none) and (pointer: coarse)').matches;

/** What the picker hands over for a location: docs/product.md's display text. */
export const pickedLocation = (location: Location): PickedLocation => ({ id: location.id, text: locationDisplay(location, 'full') });

/**
 * The location picker of docs/product.md sections 2 and 4: a button showing the chosen location, opening
 * 'Select Location' below it (a popover on desktop, part of the page on a phone, where a floating
 * panel over a 640 px screen with a keyboard up would hide its own list). Closed by default; closes
 * on a choice, Escape, its close button and a press outside it.
 */
export function LocationPicker({ value, onChange, disabled = false, open: openProp, onOpenChange }: LocationPickerProps) {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [placeholder] = useState(() => (touchScreen() ? LOCATION_PICKER_PLACEHOLDER_TOUCH : LOCATION_PICKER_PLACEHOLDER));
  const [ownOpen, setOwnOpen] = useState(false);
  const controlled = openProp !== undefined;
  const open = !disabled && (controlled ? openProp : ownOpen);

  const setOpen = useCallback(
    (next: boolean) => {
      if (!controlled) setOwnOpen(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange],
  );

  // Back to the button after Escape, Close or a choice, so the keyboard goes on from where it was.
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  // A press outside closes without moving focus: it goes where the member pressed.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  const choose = (location: Location | null) => {
    onChange(location ? pickedLocation(location) : null);
    close();
  };

  return (
    <div className="location-picker" ref={rootRef}>
      <Button
        ref={buttonRef}
        variant="secondary"
        block
        className="location-picker-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        <MapPinIcon size={18} />
        <span className={`location-picker-text${value?.text ? '' : ' location-picker-text--empty'}`}>{value?.text || placeholder}</span>
        <ChevronDownIcon size={18} />
      </Button>
      {open && <LocationPanel id={panelId} selectedId={value?.id ?? null} hasValue={value !== null} onChoose={choose} onClose={close} />}
    </div>
  );
}
