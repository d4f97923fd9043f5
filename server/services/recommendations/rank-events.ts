import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { connectedUserIds, eventNotPassed, eventVisibleTo } from '../events/visibility';
import type { MemberSignals } from './member-signals';

/**
 * Ranks the events a member could go to: current and upcoming, visible to them, not already
 * theirs. Candidates come from four sources, each read through an index; every candidate is then
 * scored by five signals, each from 0 to 1:
 *
 * - text: BM25 with binary term frequency (k1 = 0) between the member's weighted terms and the
 *   event's vector: the sum of the idf weights of the terms the event contains, over the sum of
 *   the member's six strongest (so a handful of strong matches is a full score);
 * - categories: the share of the member's registrations in the event's categories, over their
 *   largest share;
 * - peers: members who registered for the same events as this member (item-to-item collaborative
 *   filtering): how many shared registrations the event's attendees among them have, over the
 *   best candidate's;
 * - connections: 1 - 0.5^n for n connections registered;
 * - location: the event is at the member's location.
 *
 * A weighted sum of the five is the relevance; the score is the relevance times a popularity
 * factor (ln(1 + registrations) over the best candidate's, above a floor). Multiplied rather than
 * added: people go to events that are both for them and drawing a crowd, and a popular event that
 * is not for the member should not outrank one that is (tests/bench/recommendation-quality.ts
 * measures both forms; the product ranks 1.7 times better than popularity alone on hit@3, the
 * sum about 1.6). Who attends feeds every score, but a motivation names it only where the member
 * may see it (motivation.ts).
 */

export interface RankedEvent {
  id: string;
  score: number;
  /** The weighted sum of the five signals, before popularity. */
  relevance: number;
  text: number;
  categories: number;
  peers: number;
  connections: number;
  location: number;
  /** ln(1 + registrations) over the best candidate's. */
  popularity: number;
  attendeeCount: number;
  /** The member's terms the event contains, strongest first (sorted here: the SQL aggregate does not, which lets it hash). */
  matchedTerms: string[];
  /** Ids of the member's categories the event has. */
  matchedCategories: string[];
  connectionCount: number;
}

/** How much each signal adds to the relevance (the weights add up to 1). */
export const SIGNAL_WEIGHTS = { text: 0.3, categories: 0.3, peers: 0.1, connections: 0.1, location: 0.2 } as const;
/**
 * The part of the score that does not depend on popularity: an event nobody has registered for
 * yet keeps 30 % of its relevance, so a new event can still be recommended (0.1 ranks slightly
 * better on the benchmark's data and buries new events).
 */
export const POPULARITY_FLOOR = 0.3;

/** How many co-registered members count as the member's peers. */
const PEERS = 200;
/** The soonest upcoming events are candidates too, so a member with no signals yet still gets picks. */
const SOONEST = 200;
/**
 * Popularity is counted for the most relevant candidates only (counting every upcoming event's
 * registrations costs more than the rest of the ranking); an event outside them would need to be
 * far more popular than they are to beat their score.
 */
const SHORTLIST = 150;
/** Candidates each source (text, connections, peers) offers at most. */
const PER_SOURCE = 300;
/** Candidates whose categories are read (the rest of the ranking is cheap per candidate, that is not). */
const PRELIST = 300;
const TERMS_FOR_FULL_TEXT_SCORE = 6;

export async function rankEvents(db: Kysely<Database>, signals: MemberSignals, now: Date, limit: number): Promise<RankedEvent[]> {
  const userId = signals.userId;
  const terms = signals.terms.map((t) => t.term);
  const weights = signals.terms.map((t) => t.weight);
  const fullText = weights.slice(0, TERMS_FOR_FULL_TEXT_SCORE).reduce((sum, w) => sum + w, 0) || 1;
  const categoryIds = signals.categories.map((c) => c.id);
  const shares = signals.categories.map((c) => c.share);
  const topShare = Math.max(0, ...shares) || 1;
  const W = SIGNAL_WEIGHTS;

  const query = sql<RankedEvent>`
    with q(term, w) as (select * from unnest(${terms}::text[], ${weights}::float8[])),
    mc(category_id, share) as (select * from unnest(${categoryIds}::uuid[], ${shares}::float8[])),
    -- A term is letters and digits only (member-signals.ts), so quoting it makes a one-lexeme query.
    text_hits as (
      select e.id, sum(q.w) as s, array_agg(q.term) as terms
      from q join events e on e.search_vector @@ (chr(39) || q.term || chr(39))::tsquery
      where ${eventNotPassed(now)}
      group by e.id
    ),
    friend_hits as (
      select ea.event_id as id, count(*)::int as n from event_attendees ea
      where ea.user_id in (${connectedUserIds(userId)})
      group by ea.event_id
    ),
    peers as (
      select o.user_id, count(*)::float8 as shared
      from event_attendees mine join event_attendees o on o.event_id = mine.event_id and o.user_id <> ${userId}
      where mine.user_id = ${userId}
      group by o.user_id order by shared desc, o.user_id limit ${PEERS}::int
    ),
    peer_hits as (
      select ea.event_id as id, sum(p.shared) as s from peers p join event_attendees ea on ea.user_id = p.user_id
      group by ea.event_id
    ),
    soonest as (
      select e.id from events e where ${eventNotPassed(now)} order by e.date_time, e.id limit ${SOONEST}::int
    ),
    -- Each source offers its best; a broad member's words match thousands of events, and scoring
    -- them all would cost more than the rest of the request.
    candidates as (
      (select id from text_hits order by s desc, id limit ${PER_SOURCE}::int)
      union (select id from friend_hits order by n desc, id limit ${PER_SOURCE}::int)
      union (select id from peer_hits order by s desc, id limit ${PER_SOURCE}::int)
      union select id from soonest
    ),
    quick as (
      select e.id, e.date_time, e.location_id,
        least(1, coalesce(th.s, 0) / ${fullText}::float8) as text,
        coalesce(ph.s, 0) / greatest(1, max(coalesce(ph.s, 0)) over ()) as peers,
        1 - power(0.5, coalesce(fh.n, 0)) as connections,
        case when ${signals.locationId}::uuid is not null and e.location_id = ${signals.locationId}::uuid then 1 else 0 end as location,
        coalesce(th.terms, '{}') as "matchedTerms",
        coalesce(fh.n, 0) as "connectionCount"
      from candidates c
      join events e on e.id = c.id
      left join text_hits th on th.id = e.id
      left join friend_hits fh on fh.id = e.id
      left join peer_hits ph on ph.id = e.id
      where ${eventVisibleTo(userId)}
        and ${eventNotPassed(now)}
        and e.id not in (select ea.event_id from event_attendees ea where ea.user_id = ${userId})
        and e.id is distinct from ${signals.excludeEventId}::uuid
    ),
    -- Categories are read only for the best candidates by the other signals (for every candidate
    -- they cost more than the rest), then the shortlist is cut by the whole relevance.
    prelist as (
      select * from quick
      order by ${W.text}::float8 * text + ${W.peers}::float8 * peers + ${W.connections}::float8 * connections + ${W.location}::float8 * location desc,
        date_time asc nulls last, id
      limit ${PRELIST}::int
    ),
    prelist_categories as (
      select ec.event_id as id, sum(mc.share) as s, array_agg(mc.category_id::text) as ids
      from prelist p join event_categories ec on ec.event_id = p.id join mc on mc.category_id = ec.category_id
      group by ec.event_id
    ),
    shortlist as (
      select p.*, least(1, coalesce(ch.s, 0) / ${topShare}::float8) as categories, coalesce(ch.ids, '{}') as "matchedCategories",
        ${W.text}::float8 * p.text + ${W.categories}::float8 * least(1, coalesce(ch.s, 0) / ${topShare}::float8) + ${W.peers}::float8 * p.peers
          + ${W.connections}::float8 * p.connections + ${W.location}::float8 * p.location as relevance
      from prelist p
      left join prelist_categories ch on ch.id = p.id
      order by relevance desc, p.date_time asc nulls last, p.id
      limit ${SHORTLIST}::int
    ),
    scored as (
      select s.*, coalesce(pc.n, 0)::int as "attendeeCount",
        ln(1 + coalesce(pc.n, 0)) / greatest(1, max(ln(1 + coalesce(pc.n, 0))) over ()) as popularity
      from shortlist s
      left join lateral (select count(*)::float8 as n from event_attendees pa where pa.event_id = s.id) pc on true
    )
    select id, relevance, text, categories, peers, connections, location, popularity, "attendeeCount", "matchedTerms", "matchedCategories", "connectionCount",
      relevance * (${POPULARITY_FLOOR}::float8 + ${1 - POPULARITY_FLOOR}::float8 * popularity) as score
    from scored
    order by score desc, date_time asc nulls last, id
    limit ${limit}::int`;
  // The planner's default prices a random page read at four sequential ones, so it matched the few
  // hundred candidates to events by reading the whole table (a third of the request on 10,000
  // events). The pages it reads here are in memory, where a random read costs about as much as a
  // sequential one; said for this query only, as it was measured only here (docs/decisions.md).
  // Inside a caller's transaction the setting would outlive the query: the default plan then.
  const { rows } = db.isTransaction
    ? await query.execute(db)
    : await db.transaction().execute(async (trx) => {
        await sql`set local random_page_cost = 1.1`.execute(trx);
        return query.execute(trx);
      });
  const strength = new Map(signals.terms.map((t) => [t.term, t.weight]));
  const strongestFirst = (terms: string[]) => [...terms].sort((a, b) => (strength.get(b) ?? 0) - (strength.get(a) ?? 0));
  return rows.map((row) => ({
    ...row,
    matchedTerms: strongestFirst(row.matchedTerms),
    score: Number(row.score),
    relevance: Number(row.relevance),
    text: Number(row.text),
    peers: Number(row.peers),
    popularity: Number(row.popularity),
  }));
}
