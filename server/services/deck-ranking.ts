/**
 * The order of the Meet Attendees deck (issue 13, 'The deck, best people first'): a score per
 * candidate from signals the member may know of, deterministic for the member, the event and the
 * data, and independent of which candidates are still in the member's deck (swipes never move the
 * others), so a keyset cursor on (score, id) pages through every candidate exactly once.
 *
 * Signals:
 * - text: what the member wants (their goal at this event, weighted 2, their role and story)
 *   against who the candidate is (role, weighted 2, story and goal), BM25 with inverse document
 *   frequencies over the event's attendees with complete profiles; plus, at half weight, the
 *   candidate's goal against the member's role and story (they want to meet someone like the member);
 * - shared categories of past events each attended (interests shown by where they went);
 * - mutual connections;
 * - the same location.
 * Never a signal: whether the candidate already liked the member (interactions towards the member
 * are not read at all), nor anything else of the candidate's activity the member cannot see.
 */

/** BM25 parameters (the usual ones). */
const K1 = 1.2;
const B = 0.75;
/** Weights of the non-text signals, in BM25 points (one good shared rare word is worth about 4). */
export const SIGNAL_WEIGHTS = {
  /** Per shared category of past events, up to MAX_SHARED_CATEGORIES. */
  sharedCategory: 1.5,
  /** Times log2(1 + mutual connections). */
  mutualConnections: 2,
  sameLocation: 2,
  /** The candidate's goal against the member's profile. */
  reciprocal: 0.5,
} as const;
const MAX_SHARED_CATEGORIES = 4;
/** Scores are kept as integers (thousandths), so the cursor compares them exactly. */
const SCALE = 1000;

const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves ' +
    'also like love want wants looking meet meeting people someone anyone find work working im ive id get lot lots new make help'
  ).split(' '),
);

/** Lower-case word stems of a text: letters and digits of any script, stopwords dropped, plurals and -ing folded. */
export function terms(text: string | null | undefined): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOPWORDS.has(raw)) continue;
    let word = raw;
    if (word.length > 5 && word.endsWith('ing')) word = word.slice(0, -3);
    else if (word.length > 4 && word.endsWith('ies')) word = `${word.slice(0, -3)}y`;
    else if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1);
    out.push(word);
  }
  return out;
}

/** Term counts of a text, each occurrence counting `weight`. */
function addCounts(counts: Map<string, number>, text: string | null | undefined, weight: number): void {
  for (const term of terms(text)) counts.set(term, (counts.get(term) ?? 0) + weight);
}

export interface RankPerson {
  id: string;
  role: string | null;
  story: string | null;
  goal: string | null;
  locationId: string | null;
  location: string | null;
}

export interface RankCandidate extends RankPerson {
  /** Categories both attended past events of (the member's past categories this one shares). */
  sharedCategories: number;
  mutualConnections: number;
}

interface Doc {
  counts: Map<string, number>;
  length: number;
}

function docOf(person: RankPerson): Doc {
  const counts = new Map<string, number>();
  addCounts(counts, person.role, 2);
  addCounts(counts, person.story, 1);
  addCounts(counts, person.goal, 1);
  let length = 0;
  for (const n of counts.values()) length += n;
  return { counts, length };
}

const sameLocation = (a: RankPerson, b: RankPerson) =>
  (a.locationId !== null && a.locationId === b.locationId) ||
  (a.locationId === null && b.locationId === null && !!a.location?.trim() && a.location.trim().toLowerCase() === b.location?.trim().toLowerCase());

/**
 * Scores of `candidates` for `member`. `corpus` is every attendee of the event with a complete
 * profile (candidates or not: the idf must not change when the member swipes), the member included.
 */
export function scoreCandidates(member: RankPerson, candidates: readonly RankCandidate[], corpus: readonly RankPerson[]): Map<string, number> {
  const docs = new Map<string, Doc>();
  const df = new Map<string, number>();
  let totalLength = 0;
  for (const person of corpus) {
    const doc = docOf(person);
    docs.set(person.id, doc);
    totalLength += doc.length;
    for (const term of doc.counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  }
  const n = Math.max(1, corpus.length);
  const avgLength = Math.max(1, totalLength / n);
  const idf = (term: string) => {
    const d = df.get(term) ?? 0;
    return Math.log(1 + (n - d + 0.5) / (d + 0.5));
  };
  const bm25 = (query: Map<string, number>, doc: Doc) => {
    let sum = 0;
    const norm = K1 * (1 - B + (B * doc.length) / avgLength);
    for (const [term, weight] of query) {
      const tf = doc.counts.get(term);
      if (tf) sum += weight * idf(term) * ((tf * (K1 + 1)) / (tf + norm));
    }
    return sum;
  };

  const wants = new Map<string, number>();
  addCounts(wants, member.goal, 2);
  addCounts(wants, member.story, 1);
  addCounts(wants, member.role, 1);
  const memberDoc = docs.get(member.id) ?? docOf(member);

  const scores = new Map<string, number>();
  for (const candidate of candidates) {
    const doc = docs.get(candidate.id) ?? docOf(candidate);
    let score = bm25(wants, doc);
    if (candidate.goal) {
      const theirWants = new Map<string, number>();
      addCounts(theirWants, candidate.goal, 1);
      score += SIGNAL_WEIGHTS.reciprocal * bm25(theirWants, memberDoc);
    }
    score += SIGNAL_WEIGHTS.sharedCategory * Math.min(candidate.sharedCategories, MAX_SHARED_CATEGORIES);
    score += SIGNAL_WEIGHTS.mutualConnections * Math.log2(1 + candidate.mutualConnections);
    if (sameLocation(member, candidate)) score += SIGNAL_WEIGHTS.sameLocation;
    scores.set(candidate.id, Math.round(score * SCALE));
  }
  return scores;
}

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
  const match = /^r1\.(\d{1,15})\.(.+)$/.exec(text);
  if (!match || !uuid.test(match[2]!)) return undefined;
  return { score: Number(match[1]), id: match[2]!.toLowerCase() };
}

/** Best first; equal scores by id, so the order is total and the cursor exact. */
export function compareRanked(a: DeckCursor, b: DeckCursor): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
