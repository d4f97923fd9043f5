/** What a share button did with its link. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled';

/**
 * Hands a link to the device's share sheet where there is one (a phone, an installed app, which
 * has no address bar to copy from), else copies it to the clipboard. Closing the share sheet is the
 * member's choice, not a failure; a share sheet that fails (no target) falls back to the clipboard.
 * Throws when neither is available, so the caller can say so.
 */
export async function shareOrCopy(link: { title: string; text?: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(link);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (!navigator.clipboard) throw new Error('Clipboard not available');
  await navigator.clipboard.writeText(link.url);
  return 'copied';
}
