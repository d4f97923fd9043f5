import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ChatEventCard } from '../../../contract/chat';
import { COUNTRY_NAMES } from '../../../contract/countries';
import { placeText } from '../../../contract/place-text';
import type { Database } from '../../db/schema';
import { isLockedRow, type EventRow } from '../events/event-mapper';
import { loadEventRows } from '../events/event-queries';
import { eventNotPassed, eventVisibleTo, type Viewer } from '../events/visibility';
import { aiConsent } from '../recommendations/ai-consent';
import { rankFor, recommendationsBatch } from '../recommendations/recommend';
import { stem } from './parse-request';

/**
 * What the assistant knows, read from our own data with the reader's rights: events they may see
 * (hidden community events never appear; PRO-only events locked to them come as previews without
 * name or description), and other members by name, role and picture only. Nothing here ever
 * selects an e-mail address, a phone number or a professional-network URL: the guided answers and
 * the model's tools are built from these functions alone.
 */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Word-start pattern for PostgreSQL's regex: whole word for short words, prefix for longer ones. */
function wordPattern(word: string): string {
  const w = stem(word).replace(/[^\p{L}\p{N}]/gu, '');
  return w.length <= 3 ? `\\m${w}\\M` : `\\m${w}`;
}

export interface EventSearch {
  keywords: string[];
  locationIds?: string[];
  from?: Date | null;
  to?: Date | null;
  /** Include events that have passed (default: only current and upcoming). */
  includePast?: boolean;
  limit: number;
}

export interface FoundEvent {
  id: string;
  /** The search words this event matched. */
  matched: string[];
}

/**
 * Events visible to the viewer that match any of the words (name, organizer, description text,
 * category or event type label), best first: most words matched, a match in the name, then soonest.
 * With no words: the soonest events within the other filters.
 */
export async function searchEvents(db: Kysely<Database>, viewer: Viewer, now: Date, search: EventSearch): Promise<{ found: FoundEvent[]; total: number }> {
  const words = [...new Set(search.keywords.map((w) => w.toLowerCase()).filter((w) => /^[\p{L}\p{N}]{2,40}$/u.test(w)))].slice(0, 8);
  // Tags first: category and type labels are few, matched here once per word.
  const [categories, types] = await Promise.all([
    words.length ? db.selectFrom('categories').select(['id', 'label']).execute() : [],
    words.length ? db.selectFrom('event_types').select(['id', 'label']).execute() : [],
  ]);
  const tagHit = (word: string) => {
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])${stem(word)}`, 'iu');
    return { cats: categories.filter((c) => re.test(c.label)).map((c) => c.id), types: types.filter((t) => re.test(t.label)).map((t) => t.id) };
  };
  const hits = words.map((word) => {
    const tags = tagHit(word);
    const text = sql<SqlBool>`e.search_text ~ ${wordPattern(word)}`;
    const inCats = tags.cats.length
      ? sql<SqlBool>`e.id in (select ec.event_id from event_categories ec where ec.category_id = any(${tags.cats}::uuid[]))`
      : sql<SqlBool>`false`;
    const inTypes = tags.types.length
      ? sql<SqlBool>`e.id in (select et.event_id from event_event_types et where et.event_type_id = any(${tags.types}::uuid[]))`
      : sql<SqlBool>`false`;
    return sql<SqlBool>`(${text} or ${inCats} or ${inTypes})`;
  });
  const nameHits = words.map((word) => sql<SqlBool>`lower(e.name) ~ ${wordPattern(word)}`);
  const score = hits.length
    ? sql<number>`(${sql.join(
        hits.map((h) => sql`(${h})::int`),
        sql` + `,
      )})`
    : sql<number>`0`;
  const nameScore = nameHits.length
    ? sql<number>`(${sql.join(
        nameHits.map((h) => sql`(${h})::int`),
        sql` + `,
      )})`
    : sql<number>`0`;

  let query = db
    .selectFrom('events as e')
    .where(eventVisibleTo(viewer.userId))
    .select(['e.id', score.as('score'), nameScore.as('name_score'), sql<number>`(count(*) over ())::int`.as('total')]);
  if (!search.includePast) query = query.where(eventNotPassed(now));
  if (search.locationIds) query = query.where('e.location_id', 'in', search.locationIds.length ? search.locationIds : ['00000000-0000-0000-0000-000000000000']);
  // An event in the span: it starts before the span ends and is still going when it begins.
  if (search.to) query = query.where('e.date_time', '<', search.to);
  if (search.from) query = query.where(sql<SqlBool>`coalesce(e.end_date_time, e.date_time) >= ${search.from}`);
  if (hits.length) query = query.where(sql<SqlBool>`(${sql.join(hits, sql` or `)})`);
  if (hits.length) query = query.orderBy(sql`${score}`, 'desc').orderBy(sql`${nameScore}`, 'desc');
  const rows = await query
    .orderBy(sql`e.date_time asc nulls last`)
    .orderBy('e.id')
    .limit(Math.min(Math.max(search.limit, 1), 20))
    .execute();
  // Which words each event matched, for the reason line (a second small query on the page only).
  const ids = rows.map((row) => row.id);
  const matched = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length && words.length) {
    const perWord = await db
      .selectFrom('events as e')
      .where('e.id', 'in', ids)
      .select(['e.id', ...hits.map((hit, i) => hit.as(`w${i}`))])
      .execute();
    for (const row of perWord) {
      const values = row as unknown as Record<string, unknown>;
      matched.set(
        row.id,
        words.filter((_, i) => Boolean(values[`w${i}`])),
      );
    }
  }
  return { found: ids.map((id) => ({ id, matched: matched.get(id) ?? [] })), total: rows[0]?.total ?? 0 };
}

/** Our locations (and countries) named in the text's candidates: ids of locations, and a label. */
export async function findPlaces(db: Kysely<Database>, candidates: string[]): Promise<{ ids: string[]; label: string; words: string[] } | null> {
  if (candidates.length === 0) return null;
  const lowered = [...new Set(candidates.map((c) => c.toLowerCase()))].slice(0, 200);
  const byName = await db
    .selectFrom('locations')
    .select(['id', 'name', 'country'])
    .where(sql<SqlBool>`lower(name) = any(${lowered}::text[])`)
    .limit(50)
    .execute();
  if (byName.length) {
    const first = byName[0]!;
    return { ids: byName.map((l) => l.id), label: placeText(first)!, words: first.name.toLowerCase().split(/\s+/) };
  }
  const code = (Object.keys(COUNTRY_NAMES) as (keyof typeof COUNTRY_NAMES)[]).find((c) => lowered.includes(COUNTRY_NAMES[c].toLowerCase()));
  if (!code) return null;
  const inCountry = await db.selectFrom('locations').select('id').where('country', '=', code).limit(500).execute();
  return { ids: inCountry.map((l) => l.id), label: COUNTRY_NAMES[code], words: COUNTRY_NAMES[code].toLowerCase().split(/\s+/) };
}

function placeOf(row: EventRow): string | null {
  return placeText(row.location_country ? { name: row.location_name, country: row.location_country } : null, row.location);
}

/** Cards of the events, in order, as the viewer may see them (locked: preview only). */
export function toCards(rows: EventRow[], viewer: Viewer, reasons: Map<string, string> = new Map(), selectable = false): ChatEventCard[] {
  return rows.map((row) => {
    const locked = isLockedRow(viewer, row);
    return {
      eventId: row.id,
      isProOnly: row.is_pro_only,
      locked,
      name: locked ? null : row.name,
      dateTime: iso(row.date_time),
      endDateTime: locked ? null : iso(row.end_date_time),
      location: placeOf(row),
      imageUrl: row.image_url,
      blurb: locked ? row.ai_generated_blurb : null,
      reason: locked ? null : (reasons.get(row.id) ?? null),
      ...(selectable ? { selectable: true } : {}),
    };
  });
}

export async function eventCards(
  db: Kysely<Database>,
  viewer: Viewer,
  ids: string[],
  reasons?: Map<string, string>,
  selectable = false,
): Promise<ChatEventCard[]> {
  return toCards(await loadEventRows(db, viewer, ids), viewer, reasons, selectable);
}

/** Plain text of an event description (markup removed, white space collapsed), cut to `max` characters. */
export function plainText(html: string | null, max = 600): string {
  // Bounded before any pattern runs: the lazy block pattern is quadratic on hostile markup.
  const text = (html ?? '')
    .slice(0, 20_000)
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/(script|style)>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The event rows the member attends, current and upcoming ('upcoming') or already started ('attended'). */
export async function myEvents(db: Kysely<Database>, viewer: Viewer, now: Date, which: 'upcoming' | 'attended', limit = 6): Promise<EventRow[]> {
  let query = db.selectFrom('events as e').innerJoin('event_attendees as ea', 'ea.event_id', 'e.id').select('e.id').where('ea.user_id', '=', viewer.userId!);
  query =
    which === 'upcoming'
      ? query.where(eventNotPassed(now)).orderBy(sql`e.date_time asc nulls last`)
      : query.where('e.date_time', '<=', now).orderBy('e.date_time', 'desc');
  const rows = await query.orderBy('e.id').limit(limit).execute();
  return loadEventRows(
    db,
    viewer,
    rows.map((r) => r.id),
  );
}

export interface Recommended {
  id: string;
  /** The recommender's motivation, with its match score ('92% match: ...'). */
  reason: string;
  matchScore: number;
}

/**
 * The recommender's picks (the AI recommendations, two batches of three) for a member who
 * turned AI recommendations on; null without that consent (the caller falls back to a search with
 * the member's profile words). Only visible, upcoming events, checked here again.
 */
export async function recommendedEvents(db: Kysely<Database>, viewer: Viewer & { userId: string }, now: Date, limit: number): Promise<Recommended[] | null> {
  if ((await aiConsent(db, viewer.userId)) !== true) return null;
  const ranking = await rankFor(db, viewer.userId, now);
  const picks = [];
  for (let batch = 1; picks.length < limit && batch <= 2; batch += 1) {
    const answer = await recommendationsBatch(db, viewer, now, ranking, batch);
    picks.push(...answer.recommendations);
    if (!answer.hasMoreBatches) break;
  }
  const ids = picks.slice(0, limit).map((p) => p.eventId);
  if (ids.length === 0) return [];
  const visible = new Set(
    (await db.selectFrom('events as e').select('e.id').where('e.id', 'in', ids).where(eventVisibleTo(viewer.userId)).where(eventNotPassed(now)).execute()).map(
      (r) => r.id,
    ),
  );
  return picks
    .slice(0, limit)
    .filter((p) => visible.has(p.eventId))
    .map((p) => ({ id: p.eventId, matchScore: p.matchScore, reason: `${p.matchScore}% match: ${p.motivation}` }));
}
