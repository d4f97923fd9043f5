/** Where a page ends: the last card's score and id. */
export interface DeckCursor {
  score: number;
  id: string;
}

const CURSOR_PREFIX = 'r1.';

/** Opaque to clients: base64url of 'r1.{score}.{id}'. */
export function encodeDeckCursor(cursor: DeckCursor): string {
  return Buffer.from(`${CURSOR_PREFIX}${cursor.score}.${cursor.id}`).toString('base64url');
}

/**
 * The cursor, or 'legacy' for one of the id-ordered deck (base64url of a user id, kept in an
 * offline cache from before): that one restarts at the top (the client drops cards it has), or
 * undefined when it cannot be either.
 */
export function decodeDeckCursor(raw: string): DeckCursor | 'legacy' | undefined {
  if (raw.length > 200 || !/^[\w-]+$/.test(raw)) return undefined;
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (uuid.test(text)) return 'legacy';
  // A score may be negative: someone who did not come to a meeting with the member (deck-ranking.ts).
  const match = /^r1\.(-?\d{1,15})\.(.+)$/.exec(text);
  if (!match || !uuid.test(match[2]!)) return undefined;
  return { score: Number(match[1]), id: match[2]!.toLowerCase() };
}

/** Best first; equal scores by id, so the order is total and the cursor exact. */
export function compareRanked(a: DeckCursor, b: DeckCursor): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
