import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AttendeeSuggestion, ChatEventCard, FollowUpDraft } from '../../../contract/chat';
import { COUNTRY_NAMES } from '../../../contract/countries';
import { placeText } from '../../../contract/place-text';
import type { Database } from '../../db/schema';
import { completeProfileSql } from '../profiles/complete-profile-sql';
import { isLockedRow, type EventRow } from '../events/event-mapper';
import { loadEventRows } from '../events/event-queries';
import { connectedUserIds, eventNotPassed, eventVisibleTo, type Viewer } from '../events/visibility';
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
  const score = hits.length ? sql<number>`(${sql.join(hits.map((h) => sql`(${h})::int`), sql` + `)})` : sql<number>`0`;
  const nameScore = nameHits.length ? sql<number>`(${sql.join(nameHits.map((h) => sql`(${h})::int`), sql` + `)})` : sql<number>`0`;

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

export async function eventCards(db: Kysely<Database>, viewer: Viewer, ids: string[], reasons?: Map<string, string>, selectable = false): Promise<ChatEventCard[]> {
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

/** The member's own profile words (role, story, location), for goals and ranking. */
export async function loadMember(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('locations as l', 'l.id', 'u.location_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.role', 'u.story', 'u.location', 'l.name as location_name'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

export type MemberProfile = Awaited<ReturnType<typeof loadMember>>;

/** The event rows the member attends, current and upcoming ('upcoming') or already started ('attended'). */
export async function myEvents(db: Kysely<Database>, viewer: Viewer, now: Date, which: 'upcoming' | 'attended', limit = 6): Promise<EventRow[]> {
  let query = db
    .selectFrom('events as e')
    .innerJoin('event_attendees as ea', 'ea.event_id', 'e.id')
    .select('e.id')
    .where('ea.user_id', '=', viewer.userId!);
  query =
    which === 'upcoming'
      ? query.where(eventNotPassed(now)).orderBy(sql`e.date_time asc nulls last`)
      : query.where('e.date_time', '<=', now).orderBy('e.date_time', 'desc');
  const rows = await query.orderBy('e.id').limit(limit).execute();
  return loadEventRows(db, viewer, rows.map((r) => r.id));
}

const STOP = new Set(
  `the and for with that this from have are was were will your you our about into they them their who what when where which while also just more most some than then there these those very can could would should been being over such only other its it's i'm i am my me we us a an of in on at to as by or is be do not no so if it up out all any how new one two`.split(/\s+/),
);

/** Distinct meaningful words (4+ letters, no common words) of some texts. */
export function profileWords(...texts: (string | null | undefined)[]): Set<string> {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of (text ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (word.length >= 4 && !STOP.has(word)) words.add(stem(word));
    }
  }
  return words;
}

/**
 * The attendees most worth meeting at an event, among those the member's deck would show (other
 * attendees with a complete profile, not swiped by the member at this event, not yet connected):
 * shared words between their role, story and goal and the member's role, story and goal for the
 * event, and mutual connections. Name, role and picture only.
 */
export async function suggestAttendees(db: Kysely<Database>, userId: string, eventId: string, limit = 5): Promise<AttendeeSuggestion[]> {
  const [me, myGoal, candidates] = await Promise.all([
    loadMember(db, userId),
    db.selectFrom('event_attendees').select('goal').where('event_id', '=', eventId).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('event_attendees as ea')
      .innerJoin('users as u', 'u.id', 'ea.user_id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.role', 'u.story', 'u.image_url', 'ea.goal'])
      .where('ea.event_id', '=', eventId)
      .where('ea.user_id', '<>', userId)
      .where(completeProfileSql)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('interactions as i')
              .select(sql`1`.as('one'))
              .where('i.from_user_id', '=', userId)
              .where('i.event_id', '=', eventId)
              .whereRef('i.to_user_id', '=', 'u.id'),
          ),
        ),
      )
      .where(sql<SqlBool>`u.id not in (${connectedUserIds(userId)})`)
      .orderBy('u.id')
      .limit(2000)
      .execute(),
  ]);
  const counts = await mutualConnectionCounts(db, userId, candidates.map((c) => c.id));
  const mine = profileWords(me.role, me.story, myGoal?.goal);
  const scored = candidates.map((c) => {
    const theirs = profileWords(c.role, c.story, c.goal);
    const shared = [...mine].filter((w) => theirs.has(w)).slice(0, 3);
    const mutual = Math.min(counts.get(c.id) ?? 0, 5);
    return { c, shared, score: shared.length * 2 + mutual * 3 };
  });
  scored.sort((a, b) => b.score - a.score || a.c.id.localeCompare(b.c.id));
  const top = scored.slice(0, limit);
  return top.map(({ c, shared }) => {
    const reasons: string[] = [];
    const n = counts.get(c.id) ?? 0;
    if (n > 0) reasons.push(n === 1 ? '1 mutual connection' : `${n} mutual connections`);
    if (shared.length) reasons.push(`you both mention ${shared.map((w) => `"${w}"`).join(', ')}`);
    if (reasons.length === 0) reasons.push(c.role ? `${c.role}` : 'attends this event');
    return { userId: c.id, firstName: c.first_name, lastName: c.last_name, role: c.role, imageUrl: c.image_url, reason: capitalize(reasons.join('; ')) };
  });
}

const capitalize = (text: string) => (text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text);

async function mutualConnectionCounts(db: Kysely<Database>, userId: string, others: string[]): Promise<Map<string, number>> {
  if (others.length === 0) return new Map();
  const rows = await db
    .selectFrom(sql<{ user_id: string }>`(${connectedUserIds(userId)})`.as('mine'))
    .innerJoin('connections as cn', (join) => join.on(sql<SqlBool>`cn.user_a_id = mine.user_id or cn.user_b_id = mine.user_id`))
    .select([sql<string>`case when cn.user_a_id = mine.user_id then cn.user_b_id else cn.user_a_id end`.as('other'), sql<number>`count(*)::int`.as('n')])
    .where(sql<SqlBool>`(case when cn.user_a_id = mine.user_id then cn.user_b_id else cn.user_a_id end) = any(${others}::uuid[])`)
    .groupBy(sql`case when cn.user_a_id = mine.user_id then cn.user_b_id else cn.user_a_id end`)
    .execute();
  return new Map(rows.map((row) => [row.other, row.n]));
}

export interface ConnectionAtEvent {
  userId: string;
  firstName: string;
  lastName: string;
  role: string | null;
  /** Connected at this event (rather than an earlier connection who also attends). */
  metHere: boolean;
}

/** The member's connections who attend the event or were made there. Name and role only. */
export async function connectionsAtEvent(db: Kysely<Database>, userId: string, eventId: string): Promise<ConnectionAtEvent[]> {
  const rows = await db
    .selectFrom('connections as cn')
    .innerJoin('users as u', (join) =>
      join.on(sql<SqlBool>`u.id = case when cn.user_a_id = ${userId} then cn.user_b_id else cn.user_a_id end`),
    )
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.role', sql<boolean>`coalesce(cn.event_id = ${eventId}, false)`.as('met_here')])
    .where((eb) => eb.or([eb('cn.user_a_id', '=', userId), eb('cn.user_b_id', '=', userId)]))
    .where(
      sql<SqlBool>`(cn.event_id = ${eventId} or exists (select 1 from event_attendees ea where ea.event_id = ${eventId} and ea.user_id = u.id))`,
    )
    .orderBy(sql`coalesce(cn.event_id = ${eventId}, false)`, 'desc')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .limit(50)
    .execute();
  return rows.map((row) => ({ userId: row.id, firstName: row.first_name, lastName: row.last_name, role: row.role, metHere: Boolean(row.met_here) }));
}

/** A short message to each connection made at (or attending) the event. */
export function followUpDrafts(me: MemberProfile, eventName: string, connections: ConnectionAtEvent[]): FollowUpDraft[] {
  const about = me.role ? ` I'm ${me.role.length > 60 ? `${me.role.slice(0, 57)}…` : me.role}, in case you need a reminder.` : '';
  return connections.slice(0, 10).map((c) => ({
    userId: c.userId,
    firstName: c.firstName,
    lastName: c.lastName,
    message: c.metHere
      ? `Hi ${c.firstName}, great to connect at ${eventName}!${about} I'd love to continue our conversation: would you have 20 minutes for a call in the coming weeks?`
      : `Hi ${c.firstName}, I saw we were both at ${eventName}. How did you find it?${about} Let's catch up soon.`,
  }));
}

/** A goal for the event from the member's role and story and the event's topics. */
export function goalSuggestion(me: MemberProfile, event: EventRow): string {
  const topics = event.categories.map((c) => c.label).slice(0, 2);
  const topicText = topics.length ? topics.join(' and ') : 'the event\'s topics';
  const role = me.role?.trim();
  const storyWords = [...profileWords(me.story)].slice(0, 2);
  const interest = storyWords.length ? ` who care about ${storyWords.join(' and ')}` : '';
  return role
    ? `Meet three people working on ${topicText}${interest}, and leave with one concrete next step for your work as ${role}.`
    : `Meet three people working on ${topicText}${interest}, and leave with one concrete next step.`;
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
    (await db.selectFrom('events as e').select('e.id').where('e.id', 'in', ids).where(eventVisibleTo(viewer.userId)).where(eventNotPassed(now)).execute()).map((r) => r.id),
  );
  return picks
    .slice(0, limit)
    .filter((p) => visible.has(p.eventId))
    .map((p) => ({ id: p.eventId, matchScore: p.matchScore, reason: `${p.matchScore}% match: ${p.motivation}` }));
}
