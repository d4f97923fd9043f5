import { NOTICE_STACK_ID } from './notice-room';

/*
 * What keeps the room for the notices' stack (notice-room.ts), apart from its ids: only what shows
 * in the stack loads it, after the first screen.
 */

/** Space kept free under the stack, between it and the navigation (px; the stack's 0.5rem). */
const GAP_UNDER = 8;

let tracking = false;

/**
 * Keeps `--notice-room` equal to the stack's height from now on; called by what shows in the stack
 * (a notice, the prompt after a connection, the freshness line), all loaded after the first
 * screen, so the first screen carries none of this. Once is enough; later calls do nothing.
 */
export function keepNoticeRoom(): void {
  const stack = document.getElementById(NOTICE_STACK_ID);
  if (tracking || !stack || typeof ResizeObserver === 'undefined') return;
  tracking = true;
  const root = document.documentElement;
  new ResizeObserver(() => {
    const height = stack.getBoundingClientRect().height;
    if (height > 0) root.style.setProperty('--notice-room', `${Math.ceil(height) + GAP_UNDER}px`);
    else root.style.removeProperty('--notice-room');
  }).observe(stack);
}
