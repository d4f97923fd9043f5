import { describe, expect, it } from 'vitest';
import { isFaithful } from './model-motivations';

/** What a model's rewrite of a recommendation's reason may say: nothing the facts do not hold. */
describe('isFaithful', () => {
  it('keeps a rewrite that repeats the facts in other words', () => {
    expect(
      isFaithful(
        '3 of your connections go, and it matches "fintech" from your story.',
        '3 of your connections attend; matches "fintech" in your story',
        'Money Days',
      ),
    ).toBe(true);
    expect(isFaithful('Made for Money Days fans.', 'in Stockholm', 'Money Days')).toBe(true);
  });

  it('drops a number that is not one of the facts, even when its digits appear inside another word', () => {
    expect(isFaithful('12 of your friends are going!', 'Matches "zqe236122bk" in your story', 'Zq Days')).toBe(false);
    expect(isFaithful('12 of your friends are going!', '120 members going', 'Days')).toBe(false);
    expect(isFaithful('120 members are going', '120 members going', 'Days')).toBe(true);
  });

  it('drops a quoted word the facts do not hold, and what is empty, too long or has line breaks', () => {
    expect(isFaithful('Matches "blockchain" in your story', 'Matches "fintech" in your story', 'Days')).toBe(false);
    expect(isFaithful('', 'facts', 'Days')).toBe(false);
    expect(isFaithful('a\nb', 'facts', 'Days')).toBe(false);
    expect(isFaithful('x'.repeat(1000), 'facts', 'Days')).toBe(false);
  });
});
