/**
 * BM25's inverse document frequency, the one both rankers weigh words with: the deck's (a word
 * rare among an event's attendees says more about who someone is) and the recommender's (a word
 * rare among events says more about what a member is after). Never negative, so a word in most
 * documents weighs little instead of counting against a match.
 */
export function idf(documents: number, total: number): number {
  return Math.log(1 + (total - documents + 0.5) / (documents + 0.5));
}

/** Below this many documents every word is rare enough to quote: a small event's attendees, a new catalogue. */
const QUOTABLE_FROM = 10;
/** The largest share of the documents a quoted word may be in. */
const QUOTABLE_SHARE = 0.2;

/**
 * Whether a word is worth quoting as the reason for a match ('you both mention "fintech"', 'matches
 * "fintech" in your story'), by its document frequency: one in more than a fifth of ten or more
 * documents (attendees, events) tells them apart too little to be why. The minimum weight every
 * reason the deck's people, the recommender and the assistant give is held to.
 */
export function quotable(documents: number, total: number): boolean {
  return total < QUOTABLE_FROM || documents <= total * QUOTABLE_SHARE;
}
