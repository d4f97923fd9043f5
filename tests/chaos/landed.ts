import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import type { SwipeEventData, Swiper } from '../../server/test/helpers/swipe-event-data';
import { expectedState, type Schedule } from './schedule';

/** What the database holds of a member's schedule against what they meant. */
export interface Landed {
  /** Intended effects missing: a swipe absent or of the other type, an undone swipe still there, not the last goal, a connection missing. */
  lost: number;
  /** Effects applied more than once: a second row per target or pair, or an interaction created again after the member was answered (another id). */
  duplicated: number;
  /** Claims left unanswered (status null) when the server stopped. */
  unanswered: number;
  /** One line per lost or duplicated effect. */
  problems: string[];
}

/** Reads the member's interactions, goal and connections at the event with SQL and compares. */
export async function checkLanded(
  db: Kysely<Database>,
  schedule: Schedule,
  swiper: Swiper,
  data: SwipeEventData,
  acknowledged: Map<string, string>,
): Promise<Landed> {
  const expected = expectedState(schedule);
  const problems: string[] = [];
  let lost = 0;
  let duplicated = 0;
  const rows = await db
    .selectFrom('interactions')
    .select(['id', 'to_user_id', 'type'])
    .where('from_user_id', '=', swiper.id)
    .where('event_id', '=', data.eventId)
    .execute();
  const byTarget = new Map<string, typeof rows>();
  for (const row of rows) byTarget.set(row.to_user_id, [...(byTarget.get(row.to_user_id) ?? []), row]);
  for (const target of data.targets) {
    const found = byTarget.get(target.id) ?? [];
    const want = expected.swipes.get(target.id);
    if (found.length > 1) {
      duplicated += found.length - 1;
      problems.push(`${found.length} interactions with target ${target.id}`);
    }
    const row = found[0];
    if (want === undefined) {
      if (row) {
        lost++;
        problems.push(`undone swipe at ${target.id} is still there (${row.type})`);
      }
    } else if (!row || row.type !== (want === 'right' ? 'POSITIVE' : 'NEGATIVE')) {
      lost++;
      problems.push(`swipe ${want} at ${target.id} missing${row ? ` (found ${row.type})` : ''}`);
    } else if (acknowledged.has(target.id) && acknowledged.get(target.id) !== row.id) {
      duplicated++;
      problems.push(`swipe at ${target.id} was created again after it was acknowledged`);
    }
  }

  const attendee = await db
    .selectFrom('event_attendees')
    .select('goal')
    .where('user_id', '=', swiper.id)
    .where('event_id', '=', data.eventId)
    .executeTakeFirst();
  if ((attendee?.goal ?? null) !== expected.goal) {
    lost++;
    problems.push(`goal is ${JSON.stringify(attendee?.goal ?? null)}, last set ${JSON.stringify(expected.goal)}`);
  }

  const connections = await db
    .selectFrom('connections')
    .select(['user_a_id', 'user_b_id'])
    .where((eb) => eb.or([eb('user_a_id', '=', swiper.id), eb('user_b_id', '=', swiper.id)]))
    .execute();
  const wanted = data.targets.filter((t) => t.likedFirst && expected.swipes.get(t.id) === 'right').length;
  if (connections.length < wanted) {
    lost += wanted - connections.length;
    problems.push(`${connections.length} connections, ${wanted} expected`);
  } else if (connections.length > wanted) {
    duplicated += connections.length - wanted;
    problems.push(`${connections.length} connections, ${wanted} expected`);
  }

  const unanswered = await db.selectFrom('idempotency_records').select('key').where('user_id', '=', swiper.id).where('status', 'is', null).execute();
  return { lost, duplicated, unanswered: unanswered.length, problems };
}
