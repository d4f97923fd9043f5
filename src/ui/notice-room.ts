/**
 * Notices (passing ones and prompts that wait for an answer) sit at the foot of the screen, above
 * the bottom navigation, and the screen makes room for them: the stack's height is published as
 * `--notice-room` on the root element, and the layout's bottom offset (layout.css) grows by it. So
 * the deck's card shrinks and its Pass and Connect stay above a notice, the assistant's composer and
 * the floating bars rise, and a page's end can be scrolled above it; the header, the Back button and
 * the navigation are never under a notice (docs/product.md, notices).
 */

/** The id of the slot above the passing notices where a prompt with its own React root mounts. */
export const NOTICE_SLOT_ID = 'notice-slot';

/** Space kept free under the stack, between it and the navigation (px; the stack's 0.5rem). */
const GAP_UNDER = 8;

/** Keeps `--notice-room` equal to the stack's height while it is mounted; returns the cleanup. */
export function trackNoticeRoom(stack: HTMLElement): () => void {
  const root = document.documentElement;
  const publish = () => {
    const height = stack.getBoundingClientRect().height;
    if (height > 0) root.style.setProperty('--notice-room', `${Math.ceil(height) + GAP_UNDER}px`);
    else root.style.removeProperty('--notice-room');
  };
  publish();
  if (typeof ResizeObserver === 'undefined') return () => root.style.removeProperty('--notice-room');
  const observer = new ResizeObserver(publish);
  observer.observe(stack);
  return () => {
    observer.disconnect();
    root.style.removeProperty('--notice-room');
  };
}
