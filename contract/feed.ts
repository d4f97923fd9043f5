/**
 * The network feed (docs/product.md sections 2, 3 and 4). Path, under /api:
 *
 *   GET feed?cursor=&limit=   newest first   -> FeedPage
 *
 * A member's feed holds 'connection' (they connected with someone) and 'connection-attending-event'
 * (a connection registered for an event; removed when they leave it). The server applies docs/product.md's
 * 7-day rule (FEED_EVENT_WINDOW_DAYS) before paging, so a page is never emptied by the client.
 */
export type FeedActivityType = 'connection' | 'connection-attending-event';

export interface FeedActivity {
  id: string;
  type: FeedActivityType;
  createdAt: string;
  /** The member the activity is about (a connection). */
  userId: string;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
  /** 'connection-attending-event' only. */
  eventId?: string;
  eventName?: string;
  /** Beyond docs/product.md: the event's times, so the client can say 'is going to' or 'was going to'. */
  eventDateTime?: string | null;
  eventEndDateTime?: string | null;
}

export interface FeedPage {
  activities: FeedActivity[];
  /** Opaque; absent on the last page. */
  nextCursor: string | null;
}

export const FEED_DEFAULT_LIMIT = 20;
export const FEED_MAX_LIMIT = 100;

/**
 * docs/product.md section 4: an event activity shows while its event is current or upcoming, when the event
 * starts within this many days after the activity was written, or when the event's date is unknown.
 */
export const FEED_EVENT_WINDOW_DAYS = 7;
