import { idf } from '../text/bm25';
import type { PersonTerms, TermCounts } from './deck-terms';

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
 *   candidate's goal against the member's role and story (they want to meet someone like the member).
 *   Terms are the texts' lexemes as PostgreSQL's English configuration makes them (deck-terms.ts);
 * - shared categories of past events each attended (interests shown by where they went);
 * - mutual connections;
 * - the same location;
 * - against: the member marked a meeting with the candidate 'missed' (docs/product.md, 'Meetings'):
 *   they did not show up for this member once, so they come after those equal otherwise.
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
  /** Subtracted once when the member marked a meeting with the candidate 'missed'. */
  missedMeeting: 8,
} as const;
const MAX_SHARED_CATEGORIES = 4;
/** Scores are kept as integers (thousandths), so the cursor compares them exactly. */
const SCALE = 1000;

/** Term counts of a text, each occurrence counting `weight`. */
function addCounts(counts: Map<string, number>, terms: TermCounts, weight: number): void {
  for (const [term, n] of terms) counts.set(term, (counts.get(term) ?? 0) + n * weight);
}

/** What the ranking keeps of a person besides the index of their words. */
export interface RankPerson {
  id: string;
  locationId: string | null;
  location: string | null;
}

/**
 * A person with the terms of their role, story and goal, as PostgreSQL stems them (deck-terms.ts).
 * The corpus indexes the terms and keeps only `person`: a copy of every attendee's terms beside
 * the index made the corpus two thirds larger (7.6 MB against 4.5 for 2,000 attendees).
 */
export interface WithTerms<P extends RankPerson = RankPerson> {
  person: P;
  terms: PersonTerms;
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

function indexTerms(terms: PersonTerms): Indexed {
  const doc = new Map<string, number>();
  addCounts(doc, terms.role, DOC_WEIGHTS.role);
  addCounts(doc, terms.story, DOC_WEIGHTS.story);
  addCounts(doc, terms.goal, DOC_WEIGHTS.goal);
  let length = 0;
  for (const tf of doc.values()) length += tf;
  let goal: Map<string, number> | null = null;
  if (terms.goal.length > 0) addCounts((goal = new Map()), terms.goal, 1);
  return { doc, length, goal };
}

export function buildCorpus<P extends RankPerson>(people: ReadonlyArray<WithTerms<P>>): Corpus<P> {
  return updateCorpus(undefined, new Set(), people);
}

/**
 * `previous` without the people whose ids are in `changed`, plus `replacements` (their current
 * versions, and newcomers; someone changed and absent from it is gone).
 */
export function updateCorpus<P extends RankPerson>(
  previous: Corpus<P> | undefined,
  changed: ReadonlySet<string>,
  replacements: ReadonlyArray<WithTerms<P>>,
): Corpus<P> {
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
  for (const { person, terms } of replacements) {
    const indexed = indexTerms(terms);
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
  /** The member marked a meeting with them 'missed'. */
  missedMeeting?: boolean;
}

/**
 * Scores (integers) of the corpus's people in `candidateIds` for `member`. The corpus holds every
 * attendee of the event with a complete profile, candidates or not, so the idf does not change
 * when the member swipes.
 */
export function scoreCandidates(
  member: WithTerms,
  corpus: Corpus,
  candidateIds: Iterable<string>,
  signals: ReadonlyMap<string, CandidateSignals>,
): Map<string, number> {
  const wants = new Map<string, number>();
  addCounts(wants, member.terms.goal, WANT_WEIGHTS.goal);
  addCounts(wants, member.terms.role, WANT_WEIGHTS.role);
  addCounts(wants, member.terms.story, WANT_WEIGHTS.story);
  const wanted: Array<{ term: string; weight: number; idf: number }> = [];
  for (const [term, weight] of wants) if (corpus.df.has(term)) wanted.push({ term, weight, idf: idfOf(corpus, term) });
  // The member as a document, for the others' goals.
  const memberIndex = corpus.indexOf.get(member.person.id);
  const { doc: memberDoc, length: memberLength } =
    memberIndex !== undefined ? { doc: corpus.docs[memberIndex]!, length: corpus.lengths[memberIndex]! } : indexTerms(member.terms);
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
      if (signal.missedMeeting) score -= SIGNAL_WEIGHTS.missedMeeting;
    }
    if (sameLocation(member.person, corpus.people[index]!)) score += SIGNAL_WEIGHTS.sameLocation;
    scores.set(id, Math.round(score * SCALE));
  }
  return scores;
}
