import { sql, type Kysely } from 'kysely';
import {
  COMPILATION_MIN_ATTENDEES,
  COMPILATION_THEME_MIN_MEMBERS,
  COMPILATION_THEMES_MAX,
  type CompilationHour,
  type CompilationTheme,
  type MingleCompilation,
} from '../../contract/mingle-compilation';
import type { Database } from '../db/schema';
import { eventVisibleTo, type Viewer } from './event-visibility';

/**
 * The mingle compilation of a fixed event (issue 15, contract/mingle-compilation.ts): two
 * statements whatever the event's size, one for who may read it and one for every figure.
 *
 * Whose activity counts: the members registered at the event now. A member who left the event
 * leaves its figures too (their swipes there stay in the database for their own history, but the
 * compilation no longer counts them), so no figure is about someone who is not an attendee.
 */

export type CompilationAccess =
  | { kind: 'not-found' }
  | { kind: 'attendees-only' }
  | { kind: 'allowed'; event: MingleCompilation['event'] };

/**
 * Whether the event has a compilation (a promotion points at it), whether the viewer may see the
 * event at all (otherwise the same 404 as an unknown id) and whether they are registered there.
 */
export async function compilationAccess(db: Kysely<Database>, viewer: Viewer, eventId: string): Promise<CompilationAccess> {
  const row = await db
    .selectFrom('events as e')
    .select([
      'e.id',
      'e.name',
      'e.date_time',
      'e.end_date_time',
      eventVisibleTo(viewer.userId).as('visible'),
      sql<boolean>`exists (select 1 from promotions p where p.event_id = e.id)`.as('promoted'),
      sql<boolean>`exists (select 1 from event_attendees ra where ra.event_id = e.id and ra.user_id = ${viewer.userId})`.as('registered'),
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  if (!row || !row.visible || !row.promoted) return { kind: 'not-found' };
  if (!row.registered) return { kind: 'attendees-only' };
  return {
    kind: 'allowed',
    event: {
      id: row.id,
      name: row.name,
      dateTime: row.date_time ? new Date(row.date_time).toISOString() : null,
      endDateTime: row.end_date_time ? new Date(row.end_date_time).toISOString() : null,
    },
  };
}

/**
 * Words nearly every networking goal uses ('Meet two founders', 'Looking to find people who ...'):
 * as themes they would top every compilation and say nothing. Compared by their English stem, so
 * 'meeting' and 'meets' go with 'meet'. PostgreSQL's English stop words are left out as well.
 */
export const GOAL_FILLER_WORDS = [
  'meet', 'people', 'person', 'find', 'look', 'looking', 'want', 'like', 'would', 'talk', 'learn', 'connect',
  'get', 'know', 'hope', 'new', 'also', 'one', 'two', 'three', 'four', 'five', 'few', 'some', 'many', 'event',
  'today', 'week', 'year', 'interest', 'interested', 'chat', 'hear', 'see', 'make', 'work', 'good', 'great',
];

interface FiguresRow {
  attendees: number;
  swipers: number;
  right_swipes: number;
  left_swipes: number;
  connections: number;
  connected: number;
  hours: CompilationHour[];
  themes: CompilationTheme[];
}

/**
 * Every figure in one statement. Themes: each goal is split by PostgreSQL's default text parser
 * into words (token types asciiword, word and the parts of hyphenated words: no numbers, e-mail
 * addresses, URLs or host names), lower-cased, one per member; each word is stemmed with the English Snowball dictionary (the
 * configuration the recommender's vectors use), which also drops English stop words; a stem counts
 * the members whose goal has a word of it, and is shown as its most written word. Hours are hours
 * of the day in `timeZone`. Neither is computed for fewer than COMPILATION_MIN_ATTENDEES attendees.
 */
async function figures(db: Kysely<Database>, eventId: string, timeZone: string): Promise<FiguresRow> {
  const { rows } = await sql<FiguresRow>`
    with att as (
      select ea.user_id, ea.goal from event_attendees ea where ea.event_id = ${eventId}
    ), detailed as (
      select count(*) >= ${COMPILATION_MIN_ATTENDEES} as yes from att
    ), sw as (
      select i.from_user_id, i.type, i.created_at from interactions i
      where i.event_id = ${eventId} and i.from_user_id in (select user_id from att)
    ), cn as (
      select c.user_a_id, c.user_b_id from connections c
      where c.event_id = ${eventId} and c.user_a_id in (select user_id from att) and c.user_b_id in (select user_id from att)
    ), word_types as (
      select tokid from ts_token_type('default') where alias in ('asciiword', 'word', 'hword_asciipart', 'hword_part')
    ), words as (
      select distinct a.user_id, lower(t.token) as word
      from att a cross join lateral ts_parse('default', a.goal) t
      where (select yes from detailed) and a.goal is not null and t.tokid in (select tokid from word_types) and length(t.token) between 2 and 40
    ), stems as (
      select w.word, (ts_lexize('english_stem', w.word))[1] as stem from (select distinct word from words) w
    ), filler as (
      select (ts_lexize('english_stem', f))[1] as stem from unnest(${GOAL_FILLER_WORDS}::text[]) f
    ), themes as (
      select s.stem, count(distinct w.user_id)::int as members, mode() within group (order by w.word) as word
      from words w join stems s on s.word = w.word
      where s.stem is not null and s.stem not in (select stem from filler where stem is not null)
      group by s.stem
      having count(distinct w.user_id) >= ${COMPILATION_THEME_MIN_MEMBERS}
      order by members desc, word
      limit ${COMPILATION_THEMES_MAX}
    ), hours as (
      select extract(hour from sw.created_at at time zone ${timeZone})::int as hour, count(*)::int as swipes
      from sw where (select yes from detailed) group by 1
    )
    select
      (select count(*)::int from att) as attendees,
      (select count(distinct from_user_id)::int from sw) as swipers,
      (select count(*)::int from sw where type = 'POSITIVE') as right_swipes,
      (select count(*)::int from sw where type = 'NEGATIVE') as left_swipes,
      (select count(*)::int from cn) as connections,
      (select count(*)::int from (select user_a_id from cn union select user_b_id from cn) m) as connected,
      (select coalesce(json_agg(json_build_object('hour', hour, 'swipes', swipes) order by hour), '[]') from hours) as hours,
      (select coalesce(json_agg(json_build_object('word', word, 'members', members) order by members desc, word), '[]') from themes) as themes
  `.execute(db);
  return rows[0]!;
}

/** The time zone of an event's hours: events have none today, so UTC. */
const EVENT_TIME_ZONE = 'UTC';

/**
 * The compilation of an event the caller has checked (compilationAccess). Themes and hours only
 * from COMPILATION_MIN_ATTENDEES attendees on (the statement does not compute them for fewer).
 */
export async function mingleCompilation(
  db: Kysely<Database>,
  event: MingleCompilation['event'],
  now: Date,
): Promise<MingleCompilation> {
  const row = await figures(db, event.id, EVENT_TIME_ZONE);
  const detailed = row.attendees >= COMPILATION_MIN_ATTENDEES;
  return {
    event,
    attendees: row.attendees,
    swipers: row.swipers,
    swipes: { total: row.right_swipes + row.left_swipes, right: row.right_swipes, left: row.left_swipes },
    connections: row.connections,
    connectedShare: row.attendees > 0 ? row.connected / row.attendees : 0,
    detailed,
    themes: detailed ? row.themes : [],
    busiestHours: detailed ? row.hours : [],
    timeZone: EVENT_TIME_ZONE,
    computedAt: now.toISOString(),
  };
}
