import { sql, type Kysely } from 'kysely';
import type { DeckCandidate } from '../../../contract/attendees';
import type { Database } from '../../db/schema';
import { connectedUserIds } from '../events/visibility';
import { blockedUserIds } from '../safety/blocks-sql';
import { pausedAttendeeIds } from '../safety/networking';
import { loadDeckCorpus, loadDeckMember, type DeckPerson } from './deck-corpus';
import { cachedCorpus } from './corpus-cache';
import { compareRanked, encodeDeckCursor, type DeckCursor } from './deck-cursor';
import { scoreCandidates, type CandidateSignals } from './deck-ranking';

/**
 * The Meet Attendees deck (docs/product.md section 3). Callers check first that the member is
 * registered at the event.
 */

export const DECK_DEFAULT_LIMIT = 100;
export const DECK_MAX_LIMIT = 500;

/**
 * One page of the deck: the event's other attendees with a complete profile whom the member has
 * not swiped at this event and is not connected with, neither blocked by nor blocking, and
 * networking, best first (services/deck/deck-ranking.ts), after
 * `after` (the last card of the previous page). A fixed number of queries whatever the size of the
 * event: the version of the event's attendees and their profiles (deck_versions, migration 0014;
 * the profiles themselves, indexed, with their cards and the categories of their past events, are
 * read only when it changed, see cachedCorpus), whom the member swiped or is connected with, the
 * member and their past events' categories, mutual connections per attendee, and whom the member
 * marked 'missed' after a meeting.
 */
export async function deckPage(
  db: Kysely<Database>,
  userId: string,
  eventId: string,
  after: DeckCursor | null,
  limit: number,
  now: Date,
): Promise<{ attendees: DeckCandidate[]; nextCursor: string | null }> {
  const versionRow = db
    .selectFrom('deck_versions')
    .select(sql<string>`version::text`.as('version'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  // Left out besides: a member blocked either way (services/safety/blocks-sql.ts), and attendees
  // not networking right now (found by the partial index of the paused, migration 0029).
  const excludedRows = sql<{ user_id: string }>`
    select i.to_user_id as user_id from interactions i where i.from_user_id = ${userId} and i.event_id = ${eventId}
    union all ${connectedUserIds(userId)}
    union all ${blockedUserIds(userId)}
    union all ${pausedAttendeeIds(eventId)}`.execute(db);
  const memberTerms = loadDeckMember(db, userId, eventId);
  // Whom the member marked 'missed' after a meeting (one join, on an index of the misses): they
  // rank lower themselves, and links through them count for nobody (deck-ranking.ts).
  const missedSql = sql`select case when m.requester_id = ${userId} then m.invitee_id else m.requester_id end as user_id
    from meeting_outcomes mo join meetings m on m.id = mo.meeting_id
    where mo.user_id = ${userId} and mo.outcome = 'missed'`;
  // Attendees of this event connected with the member's connections, and how many such links each has.
  const mutualRows = sql<{ user_id: string; n: number }>`
    with mine as (${connectedUserIds(userId)} except ${missedSql})
    select x.other as user_id, count(*)::int as n from (
      select cn.user_a_id as other from connections cn where cn.user_b_id in (select user_id from mine)
      union all select cn.user_b_id from connections cn where cn.user_a_id in (select user_id from mine)
    ) x
    where x.other in (select user_id from event_attendees where event_id = ${eventId})
    group by x.other`.execute(db);
  // The categories of past events the member attended.
  const memberCategories = sql<{ category_id: string }>`
    select distinct ec.category_id from event_attendees pa
    join events e on e.id = pa.event_id and e.current_until < ${now}
    join event_categories ec on ec.event_id = e.id
    where pa.user_id = ${userId}`.execute(db);
  const missedRows = sql<{ user_id: string | null }>`${missedSql}`.execute(db);

  const [version, excluded, member, mutual, mine, missed] = await Promise.all([
    versionRow,
    excludedRows,
    memberTerms,
    mutualRows,
    memberCategories,
    missedRows,
  ]);
  const currentVersion = version?.version ?? '0';
  const corpus = await cachedCorpus<DeckPerson>(db, eventId, currentVersion, (previous) => loadDeckCorpus(db, eventId, currentVersion, now, previous));

  const signals = new Map<string, CandidateSignals>();
  const signal = (id: string) => signals.get(id) ?? signals.set(id, { sharedCategories: 0, mutualConnections: 0 }).get(id)!;
  for (const row of mutual.rows) signal(row.user_id).mutualConnections = row.n;
  for (const row of missed.rows) if (row.user_id !== null) signal(row.user_id).missedMeeting = true;
  const myCategories = new Set(mine.rows.map((row) => row.category_id));
  if (myCategories.size > 0) {
    corpus.people.forEach((person) => {
      const shared = person.pastCategories.filter((category) => myCategories.has(category)).length;
      if (shared > 0) signal(person.id).sharedCategories = shared;
    });
  }
  const skip = new Set(excluded.rows.map((row) => row.user_id));
  skip.add(userId);
  const scores = scoreCandidates(
    member,
    corpus,
    corpus.ids.filter((id) => !skip.has(id)),
    signals,
  );
  const ranked = [...scores]
    .map(([id, score]) => ({ id, score }))
    .filter((key) => after === null || compareRanked(key, after) > 0)
    .sort(compareRanked);
  const page = ranked.slice(0, limit);
  const attendees = page.map(({ id }) => corpus.people[corpus.indexOf.get(id)!]!.card);
  const last = page[page.length - 1];
  return { attendees, nextCursor: ranked.length > limit && last ? encodeDeckCursor(last) : null };
}
