import { sql, type Kysely } from 'kysely';
import {
  COMPILATION_MIN_ATTENDEES,
  COMPILATION_THEME_MIN_MEMBERS,
  COMPILATION_THEMES_MAX,
  type CompilationHour,
  type CompilationTheme,
  type MingleCompilation,
} from '../../../contract/mingle-compilation';
import type { Database } from '../../db/schema';
import { eventVisibleTo, type Viewer } from './visibility';
import { FILLER_WORDS } from '../text/filler-words';

/**
 * The mingle compilation of a fixed event (contract/mingle-compilation.ts): three
 * statements whatever the event's size: who may read it, every count, and the goal words' stems.
 *
 * Whose activity counts: the members registered at the event now. A member who left the event
 * leaves its figures too (their swipes there stay in the database for their own history, but the
 * compilation no longer counts them), so no figure is about someone who is not an attendee.
 */

export type CompilationAccess = { kind: 'not-found' } | { kind: 'attendees-only' } | { kind: 'allowed'; event: MingleCompilation['event'] };

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

interface FiguresRow {
  attendees: number;
  swipers: number;
  right_swipes: number;
  left_swipes: number;
  connections: number;
  connected: number;
  hours: CompilationHour[];
  /** The attendees' goals, one per member who wrote one; empty below COMPILATION_MIN_ATTENDEES attendees. */
  goals: string[];
}

/**
 * Every count in one statement, with the goals for the themes. Written so that no plan depends on
 * the planner's row estimates: the event's attendees are looked up by their primary key
 * (event_id, user_id), swipes by the interactions' event index and counted by hour in one pass
 * (the totals add the hours up; who swiped is read per attendee from the interactions' own
 * index), connections from the attendees' side by the pair index (connections has no index on
 * event_id). Hours are hours of the day in `timeZone`; neither hours nor goals are answered for
 * fewer than COMPILATION_MIN_ATTENDEES attendees.
 */
async function figures(db: Kysely<Database>, eventId: string, timeZone: string): Promise<FiguresRow> {
  const attending = (column: string) => sql`exists (select 1 from event_attendees x where x.event_id = ${eventId} and x.user_id = ${sql.ref(column)})`;
  const { rows } = await sql<FiguresRow>`
    with att as materialized (
      select ea.user_id, ea.goal from event_attendees ea where ea.event_id = ${eventId}
    ), detailed as (
      select count(*) >= ${COMPILATION_MIN_ATTENDEES} as yes from att
    ), by_hour as materialized (
      select extract(hour from i.created_at at time zone ${timeZone})::int as hour,
        (count(*) filter (where i.type = 'POSITIVE'))::int as right_swipes,
        (count(*) filter (where i.type = 'NEGATIVE'))::int as left_swipes
      from interactions i
      where i.event_id = ${eventId} and ${attending('i.from_user_id')}
      group by 1
    ), cn as materialized (
      select c.user_a_id, c.user_b_id
      from event_attendees ea join connections c on c.user_a_id = ea.user_id
      where ea.event_id = ${eventId} and c.event_id = ${eventId} and ${attending('c.user_b_id')}
    )
    select
      (select count(*)::int from att) as attendees,
      (select count(*)::int from att where exists (
        select 1 from interactions i where i.from_user_id = att.user_id and i.event_id = ${eventId})) as swipers,
      (select coalesce(sum(right_swipes), 0)::int from by_hour) as right_swipes,
      (select coalesce(sum(left_swipes), 0)::int from by_hour) as left_swipes,
      (select count(*)::int from cn) as connections,
      (select count(*)::int from (select user_a_id from cn union select user_b_id from cn) m) as connected,
      (select coalesce(json_agg(json_build_object('hour', hour, 'swipes', right_swipes + left_swipes) order by hour), '[]')
        from by_hour where (select yes from detailed)) as hours,
      (select coalesce(json_agg(goal), '[]') from att where (select yes from detailed) and goal <> '') as goals
  `.execute(db);
  return rows[0]!;
}

/** Goal words looked up at most: the most frequent, so one statement stems them whatever the goals hold. */
const MAX_STEMMED_WORDS = 5_000;

/**
 * The words of a goal, lower-cased, each once: runs of letters (so 'fintech-heavy' gives 'fintech'
 * and 'heavy'), between 2 and 40 letters; e-mail addresses, URLs and host names are not words.
 */
export function goalWords(goal: string): Set<string> {
  const words = new Set<string>();
  for (const chunk of goal.split(/\s+/)) {
    if (chunk.includes('@') || chunk.includes('://') || /^www\./i.test(chunk) || /\p{L}\.\p{L}/u.test(chunk)) continue;
    for (const [word] of chunk.matchAll(/\p{L}+/gu)) {
      if (word.length >= 2 && word.length <= 40) words.add(word.toLowerCase());
    }
  }
  return words;
}

/**
 * The most common goal themes. Each member's goal gives its words (goalWords); each word is
 * stemmed with PostgreSQL's English Snowball dictionary (the configuration the recommender's
 * vectors use), which also drops English stop words, so 'investor' and 'investors' are one theme;
 * the filler of text/filler-words.ts is left out. A theme counts the members whose goal
 * has a word of its stem, needs COMPILATION_THEME_MIN_MEMBERS of them, and shows as its most
 * written word. One statement: the distinct words are stemmed together.
 */
async function goalThemes(db: Kysely<Database>, goals: readonly string[]): Promise<CompilationTheme[]> {
  const perGoal = goals.map(goalWords);
  const frequency = new Map<string, number>();
  for (const words of perGoal) for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  if (frequency.size === 0) return [];
  const looked = [...frequency.keys()].sort((a, b) => frequency.get(b)! - frequency.get(a)! || (a < b ? -1 : 1)).slice(0, MAX_STEMMED_WORDS);
  const { rows } = await sql<{ word: string; stem: string | null }>`
    select w as word, (ts_lexize('english_stem', w))[1] as stem from unnest(${[...looked, ...FILLER_WORDS]}::text[]) w`.execute(db);
  const stemOf = new Map(rows.map((row) => [row.word, row.stem]));
  const filler = new Set(FILLER_WORDS.map((word) => stemOf.get(word)).filter(Boolean));

  const themes = new Map<string, { members: number; spellings: Map<string, number> }>();
  for (const words of perGoal) {
    const seen = new Set<string>();
    for (const word of words) {
      const stem = stemOf.get(word);
      if (!stem || filler.has(stem)) continue;
      const theme = themes.get(stem) ?? { members: 0, spellings: new Map<string, number>() };
      themes.set(stem, theme);
      if (!seen.has(stem)) theme.members += 1;
      seen.add(stem);
      theme.spellings.set(word, (theme.spellings.get(word) ?? 0) + 1);
    }
  }
  const written = (spellings: Map<string, number>) => [...spellings].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1))[0]![0];
  return [...themes.values()]
    .filter((theme) => theme.members >= COMPILATION_THEME_MIN_MEMBERS)
    .map((theme) => ({ word: written(theme.spellings), members: theme.members }))
    .sort((a, b) => b.members - a.members || (a.word < b.word ? -1 : 1))
    .slice(0, COMPILATION_THEMES_MAX);
}

/** The time zone of an event's hours: events have none today, so UTC. */
const EVENT_TIME_ZONE = 'UTC';

/**
 * The compilation of an event the caller has checked (compilationAccess). Themes and hours only
 * from COMPILATION_MIN_ATTENDEES attendees on (the statement does not compute them for fewer).
 */
export async function mingleCompilation(db: Kysely<Database>, event: MingleCompilation['event'], now: Date): Promise<MingleCompilation> {
  const row = await figures(db, event.id, EVENT_TIME_ZONE);
  const detailed = row.attendees >= COMPILATION_MIN_ATTENDEES;
  const themes = detailed ? await goalThemes(db, row.goals) : [];
  return {
    event,
    attendees: row.attendees,
    swipers: row.swipers,
    swipes: { total: row.right_swipes + row.left_swipes, right: row.right_swipes, left: row.left_swipes },
    connections: row.connections,
    connectedShare: row.attendees > 0 ? row.connected / row.attendees : 0,
    detailed,
    themes,
    busiestHours: detailed ? row.hours : [],
    timeZone: EVENT_TIME_ZONE,
    computedAt: now.toISOString(),
  };
}
