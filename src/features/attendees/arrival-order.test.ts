import { describe, expect, it } from 'vitest';
import type { DeckCandidate } from '../../../contract/attendees';
import { arrivalOrder } from './arrival-order';

const people = (...ids: string[]) => ids.map((id) => ({ id }) as DeckCandidate);

describe("the deck's arrival order", () => {
  it("keeps the server's order on the first answer", () => {
    expect(arrivalOrder([], people('a', 'b', 'c'))).toEqual(['a', 'b', 'c']);
  });

  it('a fresher answer that ranks a newcomer first puts them at the end, and moves nobody seen', () => {
    expect(arrivalOrder(['a', 'b', 'c'], people('d', 'c', 'a', 'b'))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('drops whoever the fresher answer no longer has (swiped elsewhere, left the event)', () => {
    expect(arrivalOrder(['a', 'b', 'c'], people('c', 'e', 'a'))).toEqual(['a', 'c', 'e']);
  });
});
