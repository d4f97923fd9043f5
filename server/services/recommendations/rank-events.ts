import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { connectedUserIds, eventNotPassed, eventVisibleTo } from '../event-visibility';
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
 * A weighted sum of the five is the score. Who attends feeds the score of every event, but a
 * motivation names it only where the member may see it (recommend.ts).
 */

export interface RankedEvent {
  id: string;
  score: number;
  text: number;
  categories: number;
  peers: number;
  connections: number;
  location: number;
  /** The member's terms the event contains, strongest first. */
  matchedTerms: string[];
  /** Ids of the member's categories the event has. */
  matchedCategories: string[];
  connectionCount: number;
}

export const SIGNAL_WEIGHTS = { text: 0.35, categories: 0.2, peers: 0.25, connections: 0.1, location: 0.1 } as const;

/** How many co-registered members count as the member's peers. */
const PEERS = 200;
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

  const { rows } = await sql<RankedEvent>`
    with q(term, w) as (select * from unnest(${terms}::text[], ${weights}::float8[])),
    mc(category_id, share) as (select * from unnest(${categoryIds}::uuid[], ${shares}::float8[])),
    text_hits as (
      select e.id, sum(q.w) as s, array_agg(q.term order by q.w desc) as terms
      from q join events e on e.search_vector @@ (chr(39) || q.term || chr(39))::tsquery
      where ${eventNotPassed(now)}
      group by e.id
    ),
    category_hits as (
      select ec.event_id as id, sum(mc.share) as s, array_agg(mc.category_id::text) as ids
      from mc join event_categories ec on ec.category_id = mc.category_id
      group by ec.event_id
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
    candidates as (
      select id from text_hits union select id from category_hits union select id from friend_hits union select id from peer_hits
    ),
    scored as (
      select e.id,
        least(1, coalesce(th.s, 0) / ${fullText}::float8) as text,
        least(1, coalesce(ch.s, 0) / ${topShare}::float8) as categories,
        coalesce(ph.s, 0) / greatest(1, max(coalesce(ph.s, 0)) over ()) as peers,
        1 - power(0.5, coalesce(fh.n, 0)) as connections,
        case when ${signals.locationId}::uuid is not null and e.location_id = ${signals.locationId}::uuid then 1 else 0 end as location,
        coalesce(th.terms, '{}') as "matchedTerms",
        coalesce(ch.ids, '{}') as "matchedCategories",
        coalesce(fh.n, 0) as "connectionCount",
        e.date_time
      from candidates c
      join events e on e.id = c.id
      left join text_hits th on th.id = e.id
      left join category_hits ch on ch.id = e.id
      left join friend_hits fh on fh.id = e.id
      left join peer_hits ph on ph.id = e.id
      where ${eventVisibleTo(userId)}
        and ${eventNotPassed(now)}
        and e.id not in (select ea.event_id from event_attendees ea where ea.user_id = ${userId})
        and e.id is distinct from ${signals.excludeEventId}::uuid
    )
    select id, text, categories, peers, connections, location, "matchedTerms", "matchedCategories", "connectionCount",
      ${W.text}::float8 * text + ${W.categories}::float8 * categories + ${W.peers}::float8 * peers + ${W.connections}::float8 * connections + ${W.location}::float8 * location as score
    from scored
    order by score desc, date_time asc nulls last, id
    limit ${limit}::int`.execute(db);
  return rows.map((row) => ({ ...row, score: Number(row.score), text: Number(row.text), peers: Number(row.peers) }));
}
