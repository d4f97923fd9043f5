import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { idf, quotable } from '../text/bm25';
import { isFillerWord } from '../text/filler-words';

/**
 * What the recommender knows about a member: weighted terms (stemmed like the events' vectors,
 * weighted by BM25's inverse document frequency), the categories of the events they registered
 * for, and their location. Each term remembers where it came from and the word the member wrote,
 * so a motivation can quote it ('matches "fintech" in your story').
 */

export type TermSource = 'role' | 'story' | 'goal' | 'events' | 'event';

export interface QueryTerm {
  /** The lexeme, as in events.search_vector. */
  term: string;
  weight: number;
  source: TermSource;
  /** The word as written (for 'events' and 'event': the lexeme). */
  word: string;
  /** Rare enough among events to be quoted as a reason (text/bm25.ts, quotable). */
  quotable: boolean;
}

export interface WeightedCategory {
  id: string;
  label: string;
  /** Share of the member's registrations in this category, 0-1. */
  share: number;
}

export interface MemberSignals {
  userId: string;
  terms: QueryTerm[];
  categories: WeightedCategory[];
  locationId: string | null;
  locationName: string | null;
  /** For 'events like this one': the event's own id, never recommended. */
  excludeEventId: string | null;
  /** The name of that event, for motivations. */
  likeEventName: string | null;
}

/** How much a word counts by where the member wrote it: a title and a goal say more than a story. */
const SOURCE_WEIGHT: Record<TermSource, number> = { role: 2, goal: 2, story: 1, events: 0.6, event: 1.5 };
/** Terms kept for the query: enough to describe a member, few enough for one index lookup each. */
const MAX_TERMS = 24;
/** Words read from a member's texts (role 100, story 500, goals: at most a few thousand characters). */
const MAX_WORDS = 300;
/** The registered events' most frequent lexemes taken as the member's implicit interests. */
const EVENT_TERMS = 200;
/** A word in at most this many events is never too common to use (see weighTerms). */
const COMMON_UP_TO = 150;

const WORD = /[\p{L}\p{N}]+/gu;
/** A lexeme that can be written as a tsquery literal without escaping. */
const PLAIN_LEXEME = /^[\p{L}\p{N}]+$/u;
const NUMBER = /^\p{N}+$/u;

/** The words of a text that can say what a member is after (not the filler of text/filler-words.ts). */
function wordsOf(text: string | null | undefined): string[] {
  return text ? (text.match(WORD) ?? []).filter((word) => !isFillerWord(word)) : [];
}

interface Written {
  source: TermSource;
  text: string | null;
}

/**
 * Stems the member's words with PostgreSQL's English configuration (the one the events' vectors
 * use) and adds up their weights per lexeme; the first source and spelling met is kept for quoting.
 */
async function writtenTerms(db: Kysely<Database>, texts: readonly Written[]): Promise<Map<string, Candidate>> {
  const spelled = new Map<string, { word: string; source: TermSource; weight: number }>();
  for (const { source, text } of texts) {
    for (const word of wordsOf(text)) {
      const key = word.toLowerCase();
      const seen = spelled.get(key);
      // Sub-linear: a word repeated in forty goals says more than one said once, not forty times more.
      if (seen) seen.weight += SOURCE_WEIGHT[source] / (1 + seen.weight);
      else if (spelled.size < MAX_WORDS) spelled.set(key, { word, source, weight: SOURCE_WEIGHT[source] });
    }
  }
  const byLexeme = new Map<string, Candidate>();
  if (spelled.size === 0) return byLexeme;
  const keys = [...spelled.keys()];
  const { rows } = await sql<{ word: string; lexemes: string[] }>`
    select w as word, tsvector_to_array(to_tsvector('english'::regconfig, w)) as lexemes from unnest(${keys}::text[]) w`.execute(db);
  for (const row of rows) {
    const from = spelled.get(row.word);
    if (!from) continue;
    for (const lexeme of row.lexemes) {
      const seen = byLexeme.get(lexeme);
      if (seen) seen.weight += from.weight;
      else byLexeme.set(lexeme, { ...from });
    }
  }
  return byLexeme;
}

/** A candidate term: what the member wrote, and in how many of their registered events it appears. */
type Candidate = Omit<QueryTerm, 'term' | 'quotable'> & { inEvents?: number };

/**
 * Weights each candidate by idf, drops lexemes no event has, keeps the strongest. A term of the
 * member's registered events counts by how much more often it appears there than chance would put
 * it (its share of all events times the number of registrations): words every kind of event uses
 * ('Nordic', 'Summit') say nothing about the member however often they occur.
 */
async function weighTerms(db: Kysely<Database>, candidates: Map<string, Candidate>, registrations = 0): Promise<QueryTerm[]> {
  const lexemes = [...candidates.keys()].filter((term) => PLAIN_LEXEME.test(term) && !NUMBER.test(term));
  if (lexemes.length === 0) return [];
  const [stats, counted] = await Promise.all([
    db.selectFrom('event_term_stats').select(['term', 'documents']).where('term', 'in', lexemes).execute(),
    db
      .selectFrom('events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const terms: QueryTerm[] = [];
  for (const { term, documents } of stats) {
    const from = candidates.get(term);
    // A word in more than a twentieth of a large catalogue ('data', 'summit') tells three picks
    // apart little, and reading its hundreds of events costs more than the rest of the ranking
    // (tests/bench/recommendation-quality.ts: a tenth took the ranking from 30 to 60 ms and
    // changed no hit@3). In a small catalogue every word is in many events, so up to 150 stay.
    if (!from || documents > Math.max(counted.n / 20, COMMON_UP_TO)) continue;
    // One event is an accident; a word in two or more of them is a pattern.
    const inEvents = (from.inEvents ?? 0) >= 2 ? from.inEvents! : 0;
    const beyondChance = Math.max(0, inEvents - (registrations * documents) / counted.n);
    const weight = from.weight + SOURCE_WEIGHT.events * beyondChance;
    if (weight > 0)
      terms.push({ term, word: from.word, source: from.source, weight: weight * idf(documents, counted.n), quotable: quotable(documents, counted.n) });
  }
  return terms.sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term)).slice(0, MAX_TERMS);
}

/** Category shares of a set of registrations (or of one event). */
async function categoryShares(db: Kysely<Database>, eventIds: readonly string[]): Promise<WeightedCategory[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('event_categories as ec')
    .innerJoin('categories as c', 'c.id', 'ec.category_id')
    .select(['c.id', 'c.label', sql<number>`count(*)::int`.as('n')])
    .where('ec.event_id', 'in', [...eventIds])
    .groupBy(['c.id', 'c.label'])
    .execute();
  return rows.map((row) => ({ id: row.id, label: row.label, share: row.n / eventIds.length })).sort((a, b) => b.share - a.share);
}

/** The member's title, story and location (with the name reasons give it). */
function memberPlace(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('locations as l', 'l.id', 'u.location_id')
    .select(['u.role', 'u.story', 'u.location_id', 'l.name as location_name'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The member's own signals: what they wrote, where they registered and where they are. */
export async function memberSignals(db: Kysely<Database>, userId: string): Promise<MemberSignals> {
  const [member, registrations, eventTerms] = await Promise.all([
    memberPlace(db, userId),
    db.selectFrom('event_attendees').select(['event_id', 'goal']).where('user_id', '=', userId).execute(),
    sql<{ term: string; n: number }>`
      select term, count(*)::int as n
      from event_attendees ea join events e on e.id = ea.event_id, unnest(tsvector_to_array(e.search_vector)) term
      where ea.user_id = ${userId}
      group by term order by n desc, term limit ${EVENT_TERMS}`.execute(db),
  ]);
  const candidates = await writtenTerms(db, [
    { source: 'role', text: member.role },
    ...registrations.map((r) => ({ source: 'goal' as const, text: r.goal })),
    { source: 'story', text: member.story },
  ]);
  for (const { term, n } of eventTerms.rows) {
    const seen = candidates.get(term);
    if (seen) seen.inEvents = n;
    else candidates.set(term, { word: term, source: 'events', weight: 0, inEvents: n });
  }
  const [terms, categories] = await Promise.all([
    weighTerms(db, candidates, registrations.length),
    categoryShares(
      db,
      registrations.map((r) => r.event_id),
    ),
  ]);
  return {
    userId,
    terms,
    categories,
    locationId: member.location_id,
    locationName: member.location_name,
    excludeEventId: null,
    likeEventName: null,
  };
}

/** Signals for 'events like this one': the event's words and categories, the member's location. */
export async function eventLikeSignals(db: Kysely<Database>, userId: string, eventId: string): Promise<MemberSignals> {
  const [event, member] = await Promise.all([
    db
      .selectFrom('events')
      .select(['name', sql<string[]>`tsvector_to_array(search_vector)`.as('lexemes')])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow(),
    memberPlace(db, userId),
  ]);
  const candidates = new Map<string, Candidate>(
    event.lexemes.map((lexeme) => [lexeme, { word: lexeme, source: 'event' as const, weight: SOURCE_WEIGHT.event }]),
  );
  const [terms, categories] = await Promise.all([weighTerms(db, candidates), categoryShares(db, [eventId])]);
  return {
    userId,
    terms,
    categories,
    locationId: member.location_id,
    locationName: member.location_name,
    excludeEventId: eventId,
    likeEventName: event.name,
  };
}
