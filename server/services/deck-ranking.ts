/**
 * The order of the Meet Attendees deck (issue 13, 'The deck, best people first'): a score per
 * candidate from signals the member may know of, deterministic for the member, the event and the
 * data, and independent of which candidates are still in the member's deck (swipes never move the
 * others), so a keyset cursor on (score, id) pages through every candidate exactly once.
 *
 * Signals:
 * - text: what the member wants (their goal at this event, weighted 3, their role 1 and story
 *   0.5) against who the candidate is (role, weighted 2, story and goal), BM25 with inverse document
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

/**
 * The terms of texts seen lately, so that rebuilding an event's corpus after one attendee changed
 * reads the other attendees' words from here (a Map keeps insertion order: the oldest go first).
 */
const TERMS_MEMO_SIZE = 50_000;
const termsMemo = new Map<string, string[]>();

function memoTerms(text: string): string[] {
  let found = termsMemo.get(text);
  if (!found) {
    found = terms(text);
    termsMemo.set(text, found);
    if (termsMemo.size > TERMS_MEMO_SIZE) termsMemo.delete(termsMemo.keys().next().value!);
  }
  return found;
}

/** Term counts of a text, each occurrence counting `weight`. */
function addCounts(counts: Map<string, number>, text: string | null | undefined, weight: number): void {
  if (!text) return;
  for (const term of memoTerms(text)) counts.set(term, (counts.get(term) ?? 0) + weight);
}

export interface RankPerson {
  id: string;
  role: string | null;
  story: string | null;
  goal: string | null;
  locationId: string | null;
  location: string | null;
}

/** Weights of the member's fields in what they want, and of the candidate's fields in who they are. */
const WANT_WEIGHTS = { goal: 3, role: 1, story: 0.5 } as const;
const DOC_WEIGHTS = { role: 2, story: 1, goal: 1 } as const;

/**
 * The event's attendees with complete profiles, indexed for BM25: postings per term, each
 * person's length, their goal's terms (for the reciprocal signal) and their place. Built once per
 * version of the attendees' texts (deckCorpus) and shared by every member's ranking.
 */
export interface Corpus<P extends RankPerson = RankPerson> {
  ids: string[];
  indexOf: Map<string, number>;
  /** As loaded (with whatever else the caller keeps of each person, such as their card). */
  people: P[];
  lengths: Float64Array;
  avgLength: number;
  postings: Map<string, { docs: Int32Array; tfs: Float64Array }>;
  idf: Map<string, number>;
  goals: Array<Map<string, number> | null>;
  counts: Array<Map<string, number>>;
}

export function buildCorpus<P extends RankPerson>(people: readonly P[]): Corpus<P> {
  const lists = new Map<string, { docs: number[]; tfs: number[] }>();
  const lengths = new Float64Array(people.length);
  const goals: Array<Map<string, number> | null> = [];
  const counts: Array<Map<string, number>> = [];
  let total = 0;
  people.forEach((person, index) => {
    const doc = new Map<string, number>();
    addCounts(doc, person.role, DOC_WEIGHTS.role);
    addCounts(doc, person.story, DOC_WEIGHTS.story);
    addCounts(doc, person.goal, DOC_WEIGHTS.goal);
    let length = 0;
    for (const [term, tf] of doc) {
      length += tf;
      let list = lists.get(term);
      if (!list) lists.set(term, (list = { docs: [], tfs: [] }));
      list.docs.push(index);
      list.tfs.push(tf);
    }
    lengths[index] = length;
    total += length;
    counts.push(doc);
    if (person.goal) {
      const goal = new Map<string, number>();
      addCounts(goal, person.goal, 1);
      goals.push(goal);
    } else {
      goals.push(null);
    }
  });
  const n = Math.max(1, people.length);
  const postings = new Map<string, { docs: Int32Array; tfs: Float64Array }>();
  const idf = new Map<string, number>();
  for (const [term, list] of lists) {
    postings.set(term, { docs: Int32Array.from(list.docs), tfs: Float64Array.from(list.tfs) });
    idf.set(term, Math.log(1 + (n - list.docs.length + 0.5) / (list.docs.length + 0.5)));
  }
  return {
    ids: people.map((p) => p.id),
    indexOf: new Map(people.map((p, i) => [p.id, i])),
    people: [...people],
    lengths,
    avgLength: Math.max(1, total / n),
    postings,
    idf,
    goals,
    counts,
  };
}

const sameLocation = (a: RankPerson, b: RankPerson) =>
  (a.locationId !== null && a.locationId === b.locationId) ||
  (a.locationId === null && b.locationId === null && !!a.location?.trim() && a.location.trim().toLowerCase() === b.location?.trim().toLowerCase());

/** Per candidate: what only this member's relation to them says. */
export interface CandidateSignals {
  sharedCategories: number;
  mutualConnections: number;
}

/**
 * Scores (integers) of the corpus's people in `candidateIds` for `member`. The corpus holds every
 * attendee of the event with a complete profile, candidates or not, so the idf does not change
 * when the member swipes.
 */
export function scoreCandidates(
  member: RankPerson,
  corpus: Corpus,
  candidateIds: Iterable<string>,
  signals: ReadonlyMap<string, CandidateSignals>,
): Map<string, number> {
  const textScores = new Float64Array(corpus.ids.length);
  const wants = new Map<string, number>();
  addCounts(wants, member.goal, WANT_WEIGHTS.goal);
  addCounts(wants, member.role, WANT_WEIGHTS.role);
  addCounts(wants, member.story, WANT_WEIGHTS.story);
  for (const [term, weight] of wants) {
    const list = corpus.postings.get(term);
    if (!list) continue;
    const idf = corpus.idf.get(term)!;
    for (let k = 0; k < list.docs.length; k++) {
      const doc = list.docs[k]!;
      const tf = list.tfs[k]!;
      const norm = K1 * (1 - B + (B * corpus.lengths[doc]!) / corpus.avgLength);
      textScores[doc]! += weight * idf * ((tf * (K1 + 1)) / (tf + norm));
    }
  }
  // The member as a document, for the others' goals.
  const memberIndex = corpus.indexOf.get(member.id);
  let memberDoc: Map<string, number>;
  if (memberIndex !== undefined) {
    memberDoc = corpus.counts[memberIndex]!;
  } else {
    memberDoc = new Map();
    addCounts(memberDoc, member.role, DOC_WEIGHTS.role);
    addCounts(memberDoc, member.story, DOC_WEIGHTS.story);
    addCounts(memberDoc, member.goal, DOC_WEIGHTS.goal);
  }
  let memberLength = 0;
  for (const tf of memberDoc.values()) memberLength += tf;
  const memberNorm = K1 * (1 - B + (B * memberLength) / corpus.avgLength);

  const scores = new Map<string, number>();
  for (const id of candidateIds) {
    const index = corpus.indexOf.get(id);
    if (index === undefined) continue;
    let score = textScores[index]!;
    const goal = corpus.goals[index];
    if (goal) {
      let reciprocal = 0;
      for (const [term, weight] of goal) {
        const tf = memberDoc.get(term);
        if (tf) reciprocal += weight * (corpus.idf.get(term) ?? 0) * ((tf * (K1 + 1)) / (tf + memberNorm));
      }
      score += SIGNAL_WEIGHTS.reciprocal * reciprocal;
    }
    const signal = signals.get(id);
    if (signal) {
      score += SIGNAL_WEIGHTS.sharedCategory * Math.min(signal.sharedCategories, MAX_SHARED_CATEGORIES);
      score += SIGNAL_WEIGHTS.mutualConnections * Math.log2(1 + signal.mutualConnections);
    }
    if (sameLocation(member, corpus.people[index]!)) score += SIGNAL_WEIGHTS.sameLocation;
    scores.set(id, Math.round(score * SCALE));
  }
  return scores;
}

/**
 * The corpus of each event, kept while its version (migration 0014: a counter the database changes
 * with every change of the event's attendees or their profiles) is the same, and at most
 * CORPUS_MAX_AGE_MS (what else it holds, such as the categories of each attendee's past events,
 * may change without the counter: events end, categories are edited). Only a cache: every request
 * reads the version, so API processes never disagree for longer than that about an order; a
 * process holds at most CORPUS_CACHE_SIZE events (least recently used go first).
 */
const CORPUS_CACHE_SIZE = 16;
export const CORPUS_MAX_AGE_MS = 10 * 60_000;
type CorpusCache = Map<string, { version: string; builtAt: number; corpus: Promise<Corpus<RankPerson>> }>;
/** Per database (tests and benchmarks open several in one process, with the same demo event ids). */
const corpusCaches = new WeakMap<object, CorpusCache>();

/**
 * The corpus of `eventId` in the database `owner`. `version` must change whenever anything `load`
 * reads that matters at once changes; `load` may take the rest from `previous`.
 */
export async function cachedCorpus<P extends RankPerson>(
  owner: object,
  eventId: string,
  version: string,
  load: (previous: Corpus<P> | undefined) => Promise<P[]>,
): Promise<Corpus<P>> {
  let corpusCache = corpusCaches.get(owner);
  if (!corpusCache) corpusCaches.set(owner, (corpusCache = new Map()));
  const hit = corpusCache.get(eventId);
  const now = Date.now();
  if (hit && hit.version === version && now - hit.builtAt < CORPUS_MAX_AGE_MS) {
    corpusCache.delete(eventId);
    corpusCache.set(eventId, hit);
    return hit.corpus as Promise<Corpus<P>>;
  }
  // One build per version: requests that arrive while it runs wait for the same one. The previous
  // version, when it is not too old, lends what does not change with the counter.
  const previous = hit && now - hit.builtAt < CORPUS_MAX_AGE_MS ? (hit.corpus as Promise<Corpus<P>>).catch(() => undefined) : Promise.resolve(undefined);
  const corpus = previous.then(load).then((people) => buildCorpus(people));
  const entry = { version, builtAt: now, corpus: corpus as Promise<Corpus<RankPerson>> };
  corpusCache.delete(eventId);
  corpusCache.set(eventId, entry);
  while (corpusCache.size > CORPUS_CACHE_SIZE) corpusCache.delete(corpusCache.keys().next().value!);
  // A failed build is not kept.
  corpus.catch(() => {
    if (corpusCache.get(eventId) === entry) corpusCache.delete(eventId);
  });
  return corpus;
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
