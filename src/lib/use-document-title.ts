import { useEffect } from 'react';

/** The product's name: the last part of every title, and the whole title where a screen sets none. */
export const APP_TITLE = 'Mingle';

/**
 * The title of a screen: its own parts, most specific first, then the product's name
 * ('Meet attendees · Nordic Design Week · Mingle'). Missing parts (a name still loading) are left out.
 */
export function documentTitle(...parts: (string | null | undefined)[]): string {
  return [...parts.map((part) => part?.trim()).filter(Boolean), APP_TITLE].join(' · ');
}

/**
 * Sets document.title while the screen is shown, so tabs, history and screen readers can tell the
 * screens apart; it follows the parts as they change (an event's name once it has loaded). On
 * unmount the product's name comes back, so a screen without a title never shows the previous one.
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = APP_TITLE;
    },
    [],
  );
}
