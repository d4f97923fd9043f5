import { describe, expect, it } from 'vitest';
import { scoreTone } from './score-tone';

describe('scoreTone', () => {
  it('colours 90 and up green, 80-89 blue, 70-79 yellow and the rest grey', () => {
    expect([100, 90, 89, 80, 79, 70, 69, 0].map(scoreTone)).toEqual(['green', 'green', 'blue', 'blue', 'yellow', 'yellow', 'grey', 'grey']);
  });
});
