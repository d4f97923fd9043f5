import type { ReactNode } from 'react';
import type { Me } from '../../../../contract/user';

/** What the 'About' card (AboutCard) and its lazily loaded form (AboutForm) share. */
export type AboutFields = Pick<Me, 'role' | 'story' | 'location' | 'locationId'>;

/** The picker of a location, given by the screen that composes the card (the locations feature). */
export type LocationPickerSlot = (props: {
  value: { id: string; text: string } | null;
  onChange: (value: { id: string; text: string } | null) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => ReactNode;
