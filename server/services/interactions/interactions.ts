import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DeckCandidate, Interaction, InteractionResult, InteractionType, InteractionUser } from '../../../contract/attendees';
import { isoTimeText } from '../../db/iso-time-text';
import type { Database } from '../../db/schema';
import { insertConnection, orderedPair, pairLockKey } from '../connections/connection-write';
import { loadDeckCorpus, rankPerson, type DeckPerson } from '../deck/deck-corpus';
import { cachedCorpus, compareRanked, encodeDeckCursor, scoreCandidates, type CandidateSignals, type DeckCursor } from '../deck/deck-ranking';
import { connectedUserIds, eventOpenTo, type UserRef } from '../events/visibility';

/**
 * The Meet Attendees deck, swipes (interactions) and the connections mutual likes make
 * (docs/product.md sections 3 and 4). Callers check first that the member is registered at the event.
 */

export const DECK_DEFAULT_LIMIT = 100;
export const DECK_MAX_LIMIT = 500;

/**
 * One page of the deck: the event's other attendees with a complete profile whom the member has
 * not swiped at this event and is not connected with, best first (services/deck/deck-ranking.ts), after
 * `after` (the last card of the previous page). A fixed number of queries whatever the size of the
 * event: the version of the event's attendees and their profiles (deck_versions, migration 0014;
 * the profiles themselves, indexed, with their cards and the categories of their past events, are
 * read only when it changed, see cachedCorpus), whom the member swiped or is connected with, the
 * member and their past events' categories, and mutual connections per attendee.
 */
export async function deckPage(
  db: Kysely<Database>,
  userId: string,
  eventId: string,
  after: DeckCursor | null,
  limit: number,
  now: Date,
): Promise<{ attendees: DeckCandidate[]; nextCursor: string | null }> {
  const versionRow = db.selectFrom('deck_versions').select(sql<string>`version::text`.as('version')).where('event_id', '=', eventId).executeTakeFirst();
  const excludedRows = sql<{ user_id: string }>`
    select i.to_user_id as user_id from interactions i where i.from_user_id = ${userId} and i.event_id = ${eventId}
    union all ${connectedUserIds(userId)}`.execute(db);
  const memberRow = db
    .selectFrom('users as u')
    .leftJoin('event_attendees as ea', (join) => join.onRef('ea.user_id', '=', 'u.id').on('ea.event_id', '=', eventId))
    .select(['u.id', 'u.role', 'u.story', 'u.location', 'u.location_id', 'ea.goal'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  // Attendees of this event connected with the member's connections, and how many such links each has.
  const mutualRows = sql<{ user_id: string; n: number }>`
    with mine as (${connectedUserIds(userId)})
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

  const [version, excluded, member, mutual, mine] = await Promise.all([versionRow, excludedRows, memberRow, mutualRows, memberCategories]);
  const currentVersion = version?.version ?? '0';
  const corpus = await cachedCorpus<DeckPerson>(db, eventId, currentVersion, (previous) => loadDeckCorpus(db, eventId, currentVersion, now, previous));

  const signals = new Map<string, CandidateSignals>();
  const signal = (id: string) => signals.get(id) ?? signals.set(id, { sharedCategories: 0, mutualConnections: 0 }).get(id)!;
  for (const row of mutual.rows) signal(row.user_id).mutualConnections = row.n;
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
    member ? rankPerson(member) : { id: userId, role: null, story: null, goal: null, locationId: null, location: null },
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

/** Whether a user is registered at the event (the target of a swipe must be). */
export async function isAttendee(db: Kysely<Database>, userId: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('event_attendees')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}


/** SQL: whether `from` and `to` (column refs) are connected. */
const pairConnected = (from: string, to: string) =>
  sql<boolean>`exists (select 1 from connections cn
    where cn.user_a_id = least(${sql.ref(from)}, ${sql.ref(to)}) and cn.user_b_id = greatest(${sql.ref(from)}, ${sql.ref(to)}))`;

/** The member's interactions, newest first, with the target's name and picture; filtered by the caller. */
export function interactionsQuery(db: Kysely<Database> | Transaction<Database>, userId: string) {
  return db
    .selectFrom('interactions as i')
    .innerJoin('users as t', 't.id', 'i.to_user_id')
    .select([
      'i.id',
      'i.type',
      'i.event_id',
      'i.created_at',
      't.id as to_id',
      't.first_name',
      't.last_name',
      't.image_url',
      sql<boolean>`(i.type = 'POSITIVE' and ${pairConnected('i.from_user_id', 'i.to_user_id')})`.as('connected'),
    ])
    .where('i.from_user_id', '=', userId)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc');
}

export type InteractionRow = Awaited<ReturnType<ReturnType<typeof interactionsQuery>['executeTakeFirstOrThrow']>>;

export function toInteraction(row: InteractionRow): Interaction {
  return {
    id: row.id,
    type: row.type,
    eventId: row.event_id,
    toUser: { id: row.to_id, firstName: row.first_name, lastName: row.last_name, imageUrl: row.image_url },
    createdAt: row.created_at.toISOString(),
    connected: Boolean(row.connected),
  };
}

export async function listInteractions(db: Kysely<Database>, userId: string, eventId: string): Promise<Interaction[]> {
  const rows = await interactionsQuery(db, userId).where('i.event_id', '=', eventId).execute();
  return rows.map(toInteraction);
}

export type CreateOutcome =
  | { kind: 'created'; result: InteractionResult }
  | { kind: 'repeated'; result: InteractionResult }
  | { kind: 'conflict' };

/**
 * Records a swipe. One interaction per (member, target, event): the same type again returns the
 * existing one; another type is a conflict (undo first). A positive one facing a positive one
 * from the other side at the same event connects the pair once: a transaction-scoped advisory
 * lock on the pair serializes the two sides, so whichever commits second sees the other's like,
 * and the ordered pair's unique key (insert ... on conflict do nothing) keeps it to one row.
 */
export async function createInteraction(
  db: Kysely<Database>,
  fromUserId: string,
  toUserId: string,
  eventId: string,
  type: InteractionType,
  now: Date,
): Promise<CreateOutcome> {
  const [a, b] = orderedPair(fromUserId, toUserId);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${pairLockKey(a, b)}, 0))`.execute(trx);
    const inserted = await trx
      .insertInto('interactions')
      .values({ from_user_id: fromUserId, to_user_id: toUserId, event_id: eventId, type, created_at: now })
      .onConflict((oc) => oc.columns(['from_user_id', 'to_user_id', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const existing = await interactionsQuery(trx, fromUserId)
        .where('i.to_user_id', '=', toUserId)
        .where('i.event_id', '=', eventId)
        .executeTakeFirstOrThrow();
      if (existing.type !== type) return { kind: 'conflict' };
      return { kind: 'repeated', result: { interaction: toInteraction(existing), newConnection: null } };
    }
    let connected = false;
    if (type === 'POSITIVE') {
      const mutual = await trx
        .selectFrom('interactions')
        .select('id')
        .where('from_user_id', '=', toUserId)
        .where('to_user_id', '=', fromUserId)
        .where('event_id', '=', eventId)
        .where('type', '=', 'POSITIVE')
        .executeTakeFirst();
      if (mutual) connected = await insertConnection(trx, fromUserId, toUserId, eventId, now);
    }
    // The answer is built from what is known plus one primary-key lookup of the target (and, for a
    // like, whether the pair was connected already): the list query costs several times as much,
    // and the outbox replays swipes one after another.
    const target = await trx
      .selectFrom('users')
      .select([
        'id',
        'first_name',
        'last_name',
        'image_url',
        sql<boolean>`exists (select 1 from connections cn where cn.user_a_id = ${a} and cn.user_b_id = ${b})`.as('paired'),
      ])
      .where('id', '=', toUserId)
      .executeTakeFirstOrThrow();
    const toUser: InteractionUser = { id: target.id, firstName: target.first_name, lastName: target.last_name, imageUrl: target.image_url };
    const interaction: Interaction = {
      id: inserted.id,
      type,
      eventId,
      toUser,
      createdAt: now.toISOString(),
      connected: type === 'POSITIVE' && Boolean(target.paired),
    };
    return { kind: 'created', result: { interaction, newConnection: connected ? toUser : null } };
  });
}

export type DeleteOutcome = 'deleted' | 'not-found' | 'connected';

/** Undoes the member's own interaction; a positive one that made a connection stays. */
export async function deleteInteraction(db: Kysely<Database>, userId: string, interactionId: string): Promise<DeleteOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await interactionsQuery(trx, userId).where('i.id', '=', interactionId).executeTakeFirst();
    if (!row) return 'not-found';
    if (row.connected) return 'connected';
    const [a, b] = orderedPair(userId, row.to_id);
    // The same lock as createInteraction: a like cannot complete a connection meanwhile.
    await sql`select pg_advisory_xact_lock(hashtextextended(${pairLockKey(a, b)}, 0))`.execute(trx);
    const again = await interactionsQuery(trx, userId).where('i.id', '=', interactionId).executeTakeFirst();
    if (!again) return 'not-found';
    if (again.connected) return 'connected';
    await trx.deleteFrom('interactions').where('id', '=', interactionId).execute();
    return 'deleted';
  });
}

/**
 * The member's connections, newest first (the other person of each pair), as the JSON text of a
 * Connection[]. The database builds the JSON: with 2,000 connections, decoding 20,000 cells in
 * JavaScript and encoding them again took longer than the query (tests/bench/network-latency.ts).
 * The pair is read through both of its indexes (the member on either side) instead of an OR. SQL,
 * for GET users/connections to read with the session in one statement (http/signed-in-read.ts).
 * Where they met is named only while the member may see that event in full.
 */
export function connectionsJsonSql(userId: UserRef, now: Date): RawBuilder<string> {
  // json_agg over a row with the contract's names: a fifth faster than json_build_object per row.
  return sql<string>`
    select coalesce(json_agg(item order by item."connectedAt" desc, item.id desc), '[]')::text from (
      select o.id, o.first_name as "firstName", o.last_name as "lastName", o.image_url as "imageUrl",
        o.role, o.story, o.location, cn.event_id as "eventId",
        case when ${eventOpenTo(userId, now)} then e.name end as "eventName",
        ${isoTimeText('cn.created_at')} as "connectedAt",
        o.email, o.phone, o.linkedin_url as "linkedinUrl"
      from (
        select id, user_b_id as other_id, event_id, created_at from connections where user_a_id = ${userId}
        union all
        select id, user_a_id, event_id, created_at from connections where user_b_id = ${userId}
      ) cn
      join users o on o.id = cn.other_id
      left join events e on e.id = cn.event_id
    ) item`;
}
