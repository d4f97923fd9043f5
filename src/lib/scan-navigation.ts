/**
 * A shared profile opened from the QR scanner (or a link pasted there) carries this history state:
 * the scan itself says "connect", so without network the profile page queues the connect at once.
 */
export const SCANNED_STATE = { scanned: true } as const;

export function cameFromScan(): boolean {
  return (window.history.state as { scanned?: unknown } | null)?.scanned === true;
}
