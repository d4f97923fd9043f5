import { idf } from '../text/bm25';

/**
 * The order of the Meet Attendees deck (docs/decisions.md, 'The deck, best people first'): a score per
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
 * The event's attendees with complete profiles, indexed for BM25: each person's terms as a
 * document, its length, their goal's terms (for the reciprocal signal), and the number of
 * documents per term. Built once per version of the attendees' texts and shared by every member's
 * ranking; a new version is the previous one with the changed people replaced (updateCorpus), which
 * gives the same figures as building it anew: document weights are whole numbers, so the total
 * length does not depend on the order of additions.
 */
export interface Corpus<P extends RankPerson = RankPerson> {
  ids: string[];
  indexOf: Map<string, number>;
  /** As loaded (with whatever else the caller keeps of each person, such as their card). */
  people: P[];
  docs: Array<Map<string, number>>;
  lengths: number[];
  goals: Array<Map<string, number> | null>;
  totalLength: number;
  avgLength: number;
  /** Documents per term. */
  df: Map<string, number>;
}

interface Indexed {
  doc: Map<string, number>;
  length: number;
  goal: Map<string, number> | null;
}

function indexPerson(person: RankPerson): Indexed {
  const doc = new Map<string, number>();
  addCounts(doc, person.role, DOC_WEIGHTS.role);
  addCounts(doc, person.story, DOC_WEIGHTS.story);
  addCounts(doc, person.goal, DOC_WEIGHTS.goal);
  let length = 0;
  for (const tf of doc.values()) length += tf;
  let goal: Map<string, number> | null = null;
  if (person.goal) addCounts((goal = new Map()), person.goal, 1);
  return { doc, length, goal };
}

export function buildCorpus<P extends RankPerson>(people: readonly P[]): Corpus<P> {
  return updateCorpus(undefined, new Set(), people);
}

/**
 * `previous` without the people whose ids are in `changed`, plus `replacements` (their current
 * versions, and newcomers; someone changed and absent from it is gone).
 */
export function updateCorpus<P extends RankPerson>(previous: Corpus<P> | undefined, changed: ReadonlySet<string>, replacements: readonly P[]): Corpus<P> {
  const people: P[] = [];
  const docs: Array<Map<string, number>> = [];
  const lengths: number[] = [];
  const goals: Array<Map<string, number> | null> = [];
  const df = new Map(previous?.df);
  let totalLength = previous?.totalLength ?? 0;
  const count = (doc: Map<string, number>, step: number) => {
    for (const term of doc.keys()) {
      const n = (df.get(term) ?? 0) + step;
      if (n > 0) df.set(term, n);
      else df.delete(term);
    }
  };
  if (previous) {
    previous.people.forEach((person, index) => {
      if (changed.has(person.id)) {
        count(previous.docs[index]!, -1);
        totalLength -= previous.lengths[index]!;
        return;
      }
      people.push(person);
      docs.push(previous.docs[index]!);
      lengths.push(previous.lengths[index]!);
      goals.push(previous.goals[index]!);
    });
  }
  for (const person of replacements) {
    const indexed = indexPerson(person);
    people.push(person);
    docs.push(indexed.doc);
    lengths.push(indexed.length);
    goals.push(indexed.goal);
    count(indexed.doc, 1);
    totalLength += indexed.length;
  }
  return {
    ids: people.map((p) => p.id),
    indexOf: new Map(people.map((p, i) => [p.id, i])),
    people,
    docs,
    lengths,
    goals,
    totalLength,
    avgLength: Math.max(1, totalLength / Math.max(1, people.length)),
    df,
  };
}

/** Inverse document frequency of a term in the corpus (0 for a term no one has). */
function idfOf(corpus: Corpus, term: string): number {
  const documents = corpus.df.get(term);
  if (!documents) return 0;
  return idf(documents, Math.max(1, corpus.people.length));
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
  const wants = new Map<string, number>();
  addCounts(wants, member.goal, WANT_WEIGHTS.goal);
  addCounts(wants, member.role, WANT_WEIGHTS.role);
  addCounts(wants, member.story, WANT_WEIGHTS.story);
  const wanted: Array<{ term: string; weight: number; idf: number }> = [];
  for (const [term, weight] of wants) if (corpus.df.has(term)) wanted.push({ term, weight, idf: idfOf(corpus, term) });
  // The member as a document, for the others' goals.
  const memberIndex = corpus.indexOf.get(member.id);
  const { doc: memberDoc, length: memberLength } =
    memberIndex !== undefined ? { doc: corpus.docs[memberIndex]!, length: corpus.lengths[memberIndex]! } : indexPerson(member);
  const memberNorm = K1 * (1 - B + (B * memberLength) / corpus.avgLength);

  const scores = new Map<string, number>();
  for (const id of candidateIds) {
    const index = corpus.indexOf.get(id);
    if (index === undefined) continue;
    // Their words against what the member wants (in the order of the member's terms, as always).
    const doc = corpus.docs[index]!;
    const norm = K1 * (1 - B + (B * corpus.lengths[index]!) / corpus.avgLength);
    let score = 0;
    for (const { term, weight, idf: rarity } of wanted) {
      const tf = doc.get(term);
      if (tf) score += weight * rarity * ((tf * (K1 + 1)) / (tf + norm));
    }
    const goal = corpus.goals[index];
    if (goal) {
      let reciprocal = 0;
      for (const [term, weight] of goal) {
        const tf = memberDoc.get(term);
        if (tf) reciprocal += weight * idfOf(corpus, term) * ((tf * (K1 + 1)) / (tf + memberNorm));
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
