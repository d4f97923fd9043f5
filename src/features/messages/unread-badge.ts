/**
 * The count of unread messages on the navigation's Messages entry. The navigation is in the shell
 * every start loads, which has no room for it: the count is drawn by its styles (layout.css, from
 * the variables set here) and kept by the messages' live updates, which load after the first
 * screen. The badge's text alternative ('3 unread') completes the entry's accessible name.
 */
let shown = 0;

export function showUnread(count: number): void {
  shown = Math.max(0, count);
  const root = document.documentElement;
  if (shown === 0) {
    delete root.dataset.unread;
    return;
  }
  root.dataset.unread = '';
  root.style.setProperty('--unread', `"${shown > 99 ? '99+' : shown}"`);
  root.style.setProperty('--unread-label', `" ${shown} unread"`);
}

/** One more unread message (a new one came while its conversation is not on screen). */
export const countNewUnread = () => showUnread(shown + 1);
