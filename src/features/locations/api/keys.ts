/** Query keys of the locations feature (the location picker). */
export const locationsKeys = {
  all: ['locations'] as const,
  /** GET locations?query=: one list per (trimmed) search text. */
  search: (query: string) => [...locationsKeys.all, 'search', query] as const,
  /** GET locations/popular: what the picker offers before anything is typed. */
  popular: () => [...locationsKeys.all, 'popular'] as const,
};
