import { sql, type Kysely } from 'kysely';
import type { DeckCandidate } from '../../../contract/attendees';
import type { Database } from '../../db/schema';
import { completeProfileSql } from '../profiles/complete-profile-sql';
import type { PreviousCorpus } from './corpus-cache';
import { buildCorpus, updateCorpus, type Corpus, type RankPerson, type WithTerms } from './deck-ranking';
import { NO_TERMS, termCounts, vectorText } from './deck-terms';

/** One attendee in an event's deck corpus: what the ranking reads, their card, their past events' categories. */
export type DeckPerson = RankPerson & { pastCategories: string[]; card: DeckCandidate };

/** More attendees changed than this since the corpus at hand: reading them all again is as cheap. */
const MAX_CHANGED = 500;

/**
 * The corpus of the event's attendees with complete profiles at `version` (or later). From
 * `previous` when it can: the attendees changed since its version (deck_changes, migration 0021)
 * are read again and the others kept; when that log is incomplete (swept, or versions out of
 * order) or long, everyone is read. The categories of past events come from `previous` for those it
 * has: they do not change with the version, and the whole corpus is read again after
 * CORPUS_MAX_AGE_MS (deck-ranking.ts).
 */
export async function loadDeckCorpus(
  db: Kysely<Database>,
  eventId: string,
  version: string,
  now: Date,
  previous: PreviousCorpus<DeckPerson> | undefined,
): Promise<Corpus<DeckPerson>> {
  const changed = previous ? await changedSince(db, eventId, previous.version, version) : undefined;
  const rows = await attendeeRows(db, eventId, changed);
  const known = previous?.corpus;
  const categoriesOf = new Map<string, string[]>();
  const missing: string[] = [];
  for (const row of rows) {
    const index = known?.indexOf.get(row.id);
    if (index === undefined) missing.push(row.id);
    else categoriesOf.set(row.id, known!.people[index]!.pastCategories);
  }
  if (missing.length > 0) {
    // The categories of the past events of the attendees not in the previous corpus.
    const past = await sql<{ user_id: string; categories: string[] }>`
      select pa.user_id, array_agg(distinct ec.category_id::text) as categories
      from event_attendees pa
      join events e on e.id = pa.event_id and e.current_until < ${now}
      join event_categories ec on ec.event_id = e.id
      where ${known === undefined ? sql`pa.user_id in (select ea.user_id from event_attendees ea where ea.event_id = ${eventId})` : sql`pa.user_id = any(${missing}::uuid[])`}
      group by pa.user_id`.execute(db);
    for (const row of past.rows) categoriesOf.set(row.user_id, row.categories);
  }
  const read = rows.map((row) => deckPerson(row, categoriesOf.get(row.id) ?? []));
  return changed ? updateCorpus(previous!.corpus, changed, read) : buildCorpus(read);
}

/** A person's terms as the ranking reads them: role and story from users `u`, the goal from event_attendees `ea`. */
const termColumns = () =>
  [
    vectorText(sql.ref('u.role_vector')).as('role_terms'),
    vectorText(sql.ref('u.story_vector')).as('story_terms'),
    vectorText(sql.ref('ea.goal_vector')).as('goal_terms'),
  ] as const;

/** The member whose deck it is, with their goal at the event (they need not be in its corpus). */
export async function loadDeckMember(db: Kysely<Database>, userId: string, eventId: string): Promise<WithTerms> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('event_attendees as ea', (join) => join.onRef('ea.user_id', '=', 'u.id').on('ea.event_id', '=', eventId))
    .select(['u.id', 'u.location', 'u.location_id', ...termColumns()])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ? withTerms(row) : { person: { id: userId, locationId: null, location: null }, terms: NO_TERMS };
}

/**
 * The members whose registration or profile changed after version `from` up to `to`, or undefined
 * when the log cannot tell (a version missing from it) or names more than MAX_CHANGED.
 */
async function changedSince(db: Kysely<Database>, eventId: string, from: string, to: string): Promise<Set<string> | undefined> {
  const expected = BigInt(to) - BigInt(from);
  if (expected <= 0n) return undefined;
  const rows = await db
    .selectFrom('deck_changes')
    .select(['user_id', sql<string>`version::text`.as('version')])
    .where('event_id', '=', eventId)
    .where(sql<boolean>`version > ${from}::bigint and version <= ${to}::bigint`)
    .limit(MAX_CHANGED * 2)
    .execute();
  const versions = new Set(rows.map((row) => row.version));
  const users = new Set(rows.map((row) => row.user_id));
  if (BigInt(versions.size) !== expected || users.size > MAX_CHANGED || rows.length >= MAX_CHANGED * 2) return undefined;
  return users;
}

/** The attendees with complete profiles (only those in `only`, when given). */
function attendeeRows(db: Kysely<Database>, eventId: string, only: Set<string> | undefined) {
  let query = db
    .selectFrom('event_attendees as ea')
    .innerJoin('users as u', 'u.id', 'ea.user_id')
    .leftJoin('locations as l', 'l.id', 'u.location_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.image_url',
      'u.role',
      'u.story',
      'u.location',
      'u.location_id',
      'l.name as location_name',
      'l.country as location_country',
      'ea.goal',
      ...termColumns(),
    ])
    .where('ea.event_id', '=', eventId)
    .where(completeProfileSql);
  if (only) {
    if (only.size === 0) return Promise.resolve([]);
    query = query.where(sql<boolean>`u.id = any(${[...only]}::uuid[])`);
  }
  return query.execute();
}

type AttendeeRow = Awaited<ReturnType<typeof attendeeRows>>[number];

function deckPerson(row: AttendeeRow, pastCategories: string[]): WithTerms<DeckPerson> {
  const { person, terms } = withTerms(row);
  return {
    person: {
      ...person,
      pastCategories,
      card: {
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        imageUrl: row.image_url,
        role: row.role ?? '',
        story: row.story ?? '',
        location: row.location,
        locationDisplay: row.location_name && row.location_country ? { name: row.location_name, country: row.location_country } : null,
        goal: row.goal,
      } satisfies DeckCandidate,
    },
    terms,
  };
}

/** A person as the ranking reads them, from a row with their vectors' texts (vectorText). */
export const withTerms = (r: {
  id: string;
  role_terms: string | null;
  story_terms: string | null;
  goal_terms: string | null;
  location_id: string | null;
  location: string | null;
}): WithTerms => ({
  person: { id: r.id, locationId: r.location_id, location: r.location },
  terms: { role: termCounts(r.role_terms), story: termCounts(r.story_terms), goal: termCounts(r.goal_terms) },
});
