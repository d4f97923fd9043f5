/**
 * Promotional pages (docs/product.md sections 2 and 17: 'a public promotional page for a named week-long
 * event'). Public, no session needed:
 *
 *   GET promotions/{slug}  -> Promotion   (404 for an unknown or malformed slug)
 *
 * The page lives at /week/{slug}. The server also embeds the same Promotion in that page's HTML
 * (PROMOTION_DATA_ID), so the page paints without a round trip, and fills its meta tags.
 *
 * The fixed event's id and join secret appear only inside joinUrl: the button's link is the
 * event's join link (docs/product.md section 4), and the page never shows it as text.
 */

/**
 * No valibot here: the page's chunk imports this file, and the slug's schema (server only) is in
 * promotion-requests.ts, so the page does not load valibot.
 */
export const PROMOTION_SLUG_MAX = 63;

/** The page's path for a slug. */
export const promotionPagePath = (slug: string) => `/week/${slug}`;

/** One event of the week's programme, as the page shows it. */
export interface PromotionProgrammeItem {
  name: string;
  /**
   * Where the entry leads: the promoted event's join page (as joinUrl), any other its page
   * (/events/{id}: a visitor signs in first and then gets there).
   */
  href: string;
  startsAt: string | null;
  endsAt: string | null;
  location: string | null;
}

export interface Promotion {
  slug: string;
  title: string;
  description: string;
  /** Our own /media path (or an absolute URL when configured so); null when there is none. */
  imageUrl: string | null;
  startsAt: string;
  endsAt: string;
  /** Soonest first; the promoted event is one of them. */
  programme: PromotionProgrammeItem[];
  /** The join goal page of the fixed event: /events/{id}/join/{secret}/goal. */
  joinUrl: string;
}

/** The id of the <script type="application/json"> element that carries the page's Promotion. */
export const PROMOTION_DATA_ID = 'promotion-data';
