import { describe, expect, it } from 'vitest';
import { CODE_PATTERNS } from './content-check';
import { adversarialInputs } from './content-check-adversarial';

const SIZE = 64 * 1024;
/**
 * An upper bound, not a benchmark (tests/bench/content-check.ts prints the figures): a linear
 * pattern takes well under a millisecond on 64 KB, a backtracking one seconds or more. The best of
 * three runs is taken so that a garbage collection or a busy machine cannot fail it.
 */
const LIMIT_MS = 50;

function bestOfThree(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 3 && best >= LIMIT_MS; i++) {
    const started = Date.now();
    run();
    best = Math.min(best, Date.now() - started);
  }
  return best;
}

// containsCode tries these patterns one after the other, so it is linear when each of them is.
describe('content check on adversarial input (ReDoS)', () => {
  it.each(CODE_PATTERNS.map((pattern, index) => [index, pattern] as const))(
    'pattern %i stays linear on 64 KB built for it',
    (_index, pattern) => {
      const slow: string[] = [];
      for (const input of adversarialInputs(pattern, SIZE)) {
        const ms = bestOfThree(() => pattern.test(input));
        if (ms >= LIMIT_MS) slow.push(`${JSON.stringify(input.slice(0, 24))}... ${ms.toFixed(0)} ms`);
      }
      expect(slow).toEqual([]);
    },
    60_000,
  );
});
