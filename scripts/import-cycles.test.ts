import { describe, expect, it } from 'vitest';
import { cycles } from './import-cycles';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('import cycles', () => {
  it('finds files that import each other, directly or around a ring, and a file importing itself', () => {
    const found = cycles(graph({ a: ['b'], b: ['a'], c: ['d'], d: ['e'], e: ['c', 'f'], f: [], g: ['g'] }));
    expect(found.map((group) => group.join(' ')).sort()).toEqual(['a b', 'c d e', 'g']);
  });

  it('finds none in a tree of imports, shared leaves included', () => {
    expect(cycles(graph({ app: ['ui', 'lib'], ui: ['lib'], lib: ['contract'], contract: [] }))).toEqual([]);
  });
});
