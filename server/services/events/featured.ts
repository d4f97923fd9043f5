import type { EventListResponse } from '../../../contract/events';

/**
 * Marks the events the discovery order put first for their name (event-listing.ts): current or
 * upcoming, with the featured keyword in the name in any case, as the statement decides it. A
 * locked preview shows no name, so it is not marked either.
 */
export function markFeatured<T extends EventListResponse>(answer: T, keyword: string): T {
  const key = keyword.trim().toLowerCase();
  if (key === '') return answer;
  const featured = (item: T['events'][number]) => item.eventData !== undefined && !item.eventData.isPast && item.eventData.name.toLowerCase().includes(key);
  return { ...answer, events: answer.events.map((item) => (featured(item) ? { ...item, isFeatured: true } : item)) };
}
