/**
 * BM25's inverse document frequency, the one both rankers weigh words with: the deck's (a word
 * rare among an event's attendees says more about who someone is) and the recommender's (a word
 * rare among events says more about what a member is after). Never negative, so a word in most
 * documents weighs little instead of counting against a match.
 */
export function idf(documents: number, total: number): number {
  return Math.log(1 + (total - documents + 0.5) / (documents + 0.5));
}
