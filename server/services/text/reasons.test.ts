import { describe, expect, it } from 'vitest';
import { motivationOf } from '../recommendations/motivation';
import type { MemberSignals, QueryTerm } from '../recommendations/member-signals';
import type { RankedEvent } from '../recommendations/rank-events';
import { quotable } from './bm25';
import { FILLER_WORDS, isFillerWord } from './filler-words';

/**
 * What reasons may quote: never the filler every networking text has, and never a word so common
 * among the documents compared that it cannot be why one was picked.
 */

const signals = (terms: QueryTerm[]): MemberSignals => ({
  userId: 'u1',
  terms,
  categories: [],
  locationId: null,
  locationName: null,
  excludeEventId: null,
  likeEventName: null,
});
const pick = (matchedTerms: string[]): RankedEvent => ({
  id: 'e1',
  score: 1,
  relevance: 1,
  text: 1,
  categories: 0,
  peers: 0,
  connections: 0,
  location: 0,
  popularity: 0,
  attendeeCount: 0,
  matchedTerms,
  matchedCategories: [],
  connectionCount: 0,
});
const term = (word: string, quotableHere: boolean): QueryTerm => ({ term: word, word, source: 'goal', weight: 1, quotable: quotableHere });

describe('the words a reason may quote', () => {
  it('leaves out the filler of networking texts, in any case', () => {
    for (const word of ['Looking', 'meet', 'two', 'people', "I'm", 'interested']) expect(isFillerWord(word), word).toBe(true);
    for (const word of ['fintech', 'researcher', 'robotics']) expect(isFillerWord(word), word).toBe(false);
    expect(new Set(FILLER_WORDS).size).toBe(FILLER_WORDS.length);
  });

  it('quotes a word in at most a fifth of ten or more documents; below ten, any', () => {
    expect(quotable(20, 100)).toBe(true);
    expect(quotable(21, 100)).toBe(false);
    expect(quotable(3, 9)).toBe(true);
    expect(quotable(3, 10)).toBe(false);
  });

  it("makes the recommender's reason name the topic without quoting a word too common to be why", () => {
    expect(motivationOf(pick(['fintech', 'data']), signals([term('fintech', true), term('data', false)]), false)).toBe('Matches "fintech" in your goals');
    expect(motivationOf(pick(['data']), signals([term('data', false)]), false)).toBe('On topics in your goals');
  });
});
