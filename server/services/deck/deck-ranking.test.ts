import { describe, expect, it } from 'vitest';
import { compareRanked, decodeDeckCursor, encodeDeckCursor } from './deck-cursor';
import { buildCorpus, scoreCandidates, terms, type RankPerson } from './deck-ranking';

const person = (id: string, fields: Partial<RankPerson> = {}): RankPerson => ({
  id,
  role: null,
  story: null,
  goal: null,
  locationId: null,
  location: null,
  ...fields,
});

describe('deck ranking', () => {
  it('reads words: lower case, stopwords out, plurals and -ing folded, any script', () => {
    expect(terms('Meeting the Founders of Startups, building café tools!')).toEqual(['founder', 'startup', 'build', 'café', 'tool']);
    expect(terms(null)).toEqual([]);
  });

  it('round-trips the cursor and refuses anything else', () => {
    const id = '0b5e4c9e-8d1a-4c4e-9a43-2f3a1b7c9d10';
    expect(decodeDeckCursor(encodeDeckCursor({ score: 1234, id }))).toEqual({ score: 1234, id });
    expect(decodeDeckCursor(Buffer.from(id).toString('base64url'))).toBe('legacy');
    for (const junk of ['', '!!', Buffer.from('r1.-1.x').toString('base64url'), 'x'.repeat(300)]) expect(decodeDeckCursor(junk)).toBeUndefined();
  });

  it('orders by score, then id', () => {
    const keys = [
      { score: 1, id: 'b' },
      { score: 2, id: 'c' },
      { score: 1, id: 'a' },
    ].sort(compareRanked);
    expect(keys.map((k) => k.id)).toEqual(['c', 'a', 'b']);
  });

  it("weighs a rare shared word above a common one, and counts the other's goal towards the member at half weight", () => {
    const member = person('m', { role: 'Designer', goal: 'Meet typography experts' });
    const people = [
      member,
      person('rare', { role: 'Typography expert', story: 'Fonts.' }),
      person('common', { role: 'Expert', story: 'Things.' }),
      ...Array.from({ length: 8 }, (_, i) => person(`x${i}`, { role: 'Expert', story: 'Other things.' })),
      person('wantsMe', { role: 'Engineer', story: 'Backends.', goal: 'Meet a designer' }),
    ];
    const corpus = buildCorpus(people);
    const scores = scoreCandidates(member, corpus, ['rare', 'common', 'wantsMe', 'x0'], new Map());
    expect(scores.get('rare')!).toBeGreaterThan(scores.get('common')!);
    expect(scores.get('wantsMe')!).toBeGreaterThan(0);
    expect(scores.get('x0')).toBe(scores.get('common'));
  });
});
