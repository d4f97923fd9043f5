import { useCallback, useEffect, useState } from 'react';
import { readCookie, writeCookie } from '../../lib/cookies';

/** docs/product.md section 9: the sidebar's open state is kept in a cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Open unless the cookie says it was collapsed. */
export function readSidebarOpen(): boolean {
  return readCookie(SIDEBAR_COOKIE) !== 'false';
}

export function writeSidebarOpen(open: boolean): void {
  writeCookie(SIDEBAR_COOKIE, String(open), SIDEBAR_COOKIE_MAX_AGE);
}

/** The toggle shortcut: b with meta (macOS) or ctrl. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>): boolean {
  return event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey;
}

/** Sidebar state with cookie persistence and the meta/ctrl+b shortcut (active while `enabled`). */
export function useSidebar(enabled: boolean): { open: boolean; toggle: () => void } {
  const [open, setOpen] = useState(readSidebarOpen);

  const toggle = useCallback(() => {
    setOpen((current) => {
      writeSidebarOpen(!current);
      return !current;
    });
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, toggle]);

  return { open, toggle };
}
