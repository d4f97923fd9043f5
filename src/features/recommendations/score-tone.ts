/** docs/product.md section 2's colours of a match score: 90 and up green, 80 blue, 70 yellow, else grey. */
export type ScoreTone = 'green' | 'blue' | 'yellow' | 'grey';

export function scoreTone(matchScore: number): ScoreTone {
  if (matchScore >= 90) return 'green';
  if (matchScore >= 80) return 'blue';
  if (matchScore >= 70) return 'yellow';
  return 'grey';
}
