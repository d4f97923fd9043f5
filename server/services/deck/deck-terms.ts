import { sql, type Expression, type RawBuilder } from 'kysely';
import { fillerLexemes } from '../text/filler-words';

/**
 * The terms the deck ranks by, as PostgreSQL makes them: the lexemes of the English text search
 * configuration (stemmed, stop words out), the one way text becomes terms in Mingle, shared with
 * the recommender (server/services/recommendations/member-signals.ts). The deck reads them from the
 * stored vectors of migration 0022 and never stems in JavaScript.
 */

/** A text's lexemes, each with the number of times it occurs. */
export type TermCounts = ReadonlyArray<readonly [lexeme: string, count: number]>;

/** The texts of one person the deck reads. */
export interface PersonTerms {
  role: TermCounts;
  story: TermCounts;
  /** At the event in question; empty without a goal. */
  goal: TermCounts;
}

export const NO_TERMS: PersonTerms = { role: [], story: [], goal: [] };

/**
 * A tsvector column without the filler (text/filler-words.ts: the inverse document frequency would
 * not silence it, being never negative, so 'meet' in a candidate's goal would match every member
 * whose story mentions meeting someone), in PostgreSQL's text form (read with termCounts). The text
 * form rather than the lexemes unnested and aggregated as JSON: the loader reads 2,000 attendees'
 * three vectors at once, which took about three times as long as this, and longer than the rest of
 * the load (tests/bench/deck-ranking.ts).
 */
export function vectorText(vector: Expression<unknown>): RawBuilder<string | null> {
  return sql<string | null>`ts_delete(${vector}, ${fillerLexemes})::text`;
}

const QUOTE = 39;
const COLON = 58;
const COMMA = 44;
const SPACE = 32;

/**
 * The lexemes of vectorText's text with their counts: the number of positions (a tsvector keeps at
 * most 256 per lexeme, far more than a profile repeats a word; a stripped vector counts each once).
 * Only PostgreSQL's serialisation is read here, not words: each lexeme quoted (a quote inside
 * doubled, a backslash doubled), then ':' and its positions, comma-separated, each with an optional
 * weight letter; lexemes separated by a space. Scanned by hand: a regular expression took twice as
 * long, and this runs over every attendee of an event when its corpus is read from scratch.
 */
export function termCounts(text: string | null): TermCounts {
  const counts: Array<[string, number]> = [];
  if (!text) return counts;
  const length = text.length;
  let at = 0;
  while (at < length) {
    let close = text.indexOf("'", at + 1);
    let doubled = false;
    while (close >= 0 && text.charCodeAt(close + 1) === QUOTE) {
      doubled = true;
      close = text.indexOf("'", close + 2);
    }
    if (close < 0) throw new Error('not a tsvector');
    let lexeme = text.slice(at + 1, close);
    if (doubled) lexeme = lexeme.replaceAll("''", "'");
    if (lexeme.includes('\\')) lexeme = lexeme.replaceAll('\\\\', '\\');
    let count = 1;
    at = close + 1;
    if (text.charCodeAt(at) === COLON) {
      for (; at < length; at++) {
        const c = text.charCodeAt(at);
        if (c === SPACE) break;
        if (c === COMMA) count++;
      }
    }
    counts.push([lexeme, count]);
    at++;
  }
  return counts;
}
