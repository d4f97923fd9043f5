/** Query keys of the recommendations feature. */
export const recommendationKeys = {
  all: ['recommendations'] as const,
  status: () => [...recommendationKeys.all, 'status'] as const,
  consent: () => [...recommendationKeys.all, 'consent'] as const,
  /** The loaded batches (batch 1 is top-3, then pro/batch/2, 3 ...). */
  picks: () => [...recommendationKeys.all, 'picks'] as const,
};
