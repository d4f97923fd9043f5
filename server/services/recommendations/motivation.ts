import type { MemberSignals, QueryTerm, TermSource } from './member-signals';
import { SIGNAL_WEIGHTS, type RankedEvent } from './rank-events';

/**
 * The one-line reason for a pick, from the signals that fired for it, strongest first (at most
 * three): '3 of your connections attend; matches "fintech" in your story; in Stockholm'. A locked
 * PRO-only event's reason says only what its preview shows (the location): who attends and what
 * its description holds are part of what PRO unlocks.
 */

const WHERE: Partial<Record<TermSource, string>> = { role: 'your title', story: 'your story', goal: 'your goals' };
const MAX_PARTS = 3;
/** A signal below this adds too little to the score to be worth naming. */
const NAMED_FROM = 0.02;

export const LOCKED_MOTIVATION = 'A PRO event that fits your profile: upgrade to see why';

function quoted(words: readonly string[]): string {
  const q = words.map((word) => `"${word}"`);
  return q.length > 1 ? `${q.slice(0, -1).join(', ')} and ${q.at(-1)}` : (q[0] ?? '');
}

function textReason(pick: RankedEvent, signals: MemberSignals): string | undefined {
  const byTerm = new Map<string, QueryTerm>(signals.terms.map((t) => [t.term, t]));
  const matched = pick.matchedTerms.map((term) => byTerm.get(term)).filter((t): t is QueryTerm => t !== undefined);
  const first = matched[0];
  if (!first) return undefined;
  if (first.source === 'event') return signals.likeEventName ? `shares topics with ${signals.likeEventName}` : undefined;
  const where = WHERE[first.source];
  // Lexemes of event texts are stems ('compani'); only the member's own words are quoted.
  if (!where) return 'on topics of events you joined';
  // Only words rare enough among events to be why (text/bm25.ts, quotable); else the topic is named without them.
  const words = matched
    .filter((t) => t.source === first.source && t.quotable)
    .slice(0, 2)
    .map((t) => t.word);
  return words.length > 0 ? `matches ${quoted(words)} in ${where}` : `on topics in ${where}`;
}

function categoryReason(pick: RankedEvent, signals: MemberSignals): string | undefined {
  const category = signals.categories.find((c) => pick.matchedCategories.includes(c.id));
  if (!category) return undefined;
  return signals.likeEventName ? `also ${category.label}` : `${category.label}, like events you joined`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function motivationOf(pick: RankedEvent, signals: MemberSignals, locked: boolean): string {
  const W = SIGNAL_WEIGHTS;
  const location = pick.location > 0 && signals.locationName ? `in ${signals.locationName}` : undefined;
  if (locked) return location ? `${LOCKED_MOTIVATION}; ${location}` : LOCKED_MOTIVATION;
  const n = pick.connectionCount;
  const parts: Array<[number, string | undefined]> = [
    [W.connections * pick.connections, n > 0 ? `${n} of your connections ${n === 1 ? 'attends' : 'attend'}` : undefined],
    [W.text * pick.text, textReason(pick, signals)],
    [W.categories * pick.categories, categoryReason(pick, signals)],
    [W.peers * pick.peers, 'popular with people who go to your events'],
    [W.location * pick.location, location],
    [0.1 * pick.popularity, pick.attendeeCount >= 10 ? `${pick.attendeeCount} members going` : undefined],
  ];
  // The strongest three, said in a fixed order (people, topic, kind, crowd, place, size) so reasons read alike.
  const named = parts
    .map(([weight, text], order) => ({ weight, text, order }))
    .filter((part): part is { weight: number; text: string; order: number } => part.text !== undefined && part.weight >= NAMED_FROM)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_PARTS)
    .sort((a, b) => a.order - b.order)
    .map((part) => part.text);
  return named.length > 0 ? capitalised(named.join('; ')) : 'Upcoming, and open to you';
}
