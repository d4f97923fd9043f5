import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AttendeeSuggestion, FollowUpDraft } from '../../../contract/chat';
import type { Database } from '../../db/schema';
import type { EventRow } from '../events/event-mapper';
import { connectedUserIds } from '../events/visibility';
import { completeProfileSql } from '../profiles/complete-profile-sql';
import { blockedUserIds } from '../safety/blocks-sql';
import { quotable } from '../text/bm25';
import { isFillerWord } from '../text/filler-words';
import { stem } from './parse-request';

/**
 * What the assistant knows about members, read with the reader's rights: their own profile, and
 * other members by name, role and picture only (never an e-mail address, a phone number or a
 * professional-network URL).
 */

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

/**
 * Distinct meaningful words (4+ letters, not the filler of text/filler-words.ts) of some texts: each
 * stem with the word first written for it, which is what a reason quotes ('robotics', not 'robotic').
 */
export function profileWordForms(...texts: (string | null | undefined)[]): Map<string, string> {
  const words = new Map<string, string>();
  for (const text of texts) {
    for (const word of (text ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (word.length < 4 || isFillerWord(word)) continue;
      const key = stem(word);
      if (!words.has(key)) words.set(key, word);
    }
  }
  return words;
}

/** The stems of profileWordForms. */
export const profileWords = (...texts: (string | null | undefined)[]): Set<string> => new Set(profileWordForms(...texts).keys());

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
      // As the deck: nobody blocked either way, nobody not networking right now (contract/safety.ts).
      .where(sql<SqlBool>`u.id not in (${blockedUserIds(userId)})`)
      .where('u.networking_paused', '=', false)
      .orderBy('u.id')
      .limit(2000)
      .execute(),
  ]);
  const counts = await mutualConnectionCounts(
    db,
    userId,
    candidates.map((c) => c.id),
  );
  const mine = profileWordForms(me.role, me.story, myGoal?.goal);
  const words = candidates.map((c) => profileWords(c.role, c.story, c.goal));
  // How many attendees use each of the member's words: one most of them use is not why to meet someone.
  const attendeesWith = new Map([...mine.keys()].map((w) => [w, words.filter((theirs) => theirs.has(w)).length]));
  const scored = candidates.map((c, i) => {
    const theirs = words[i]!;
    const shared = [...mine.keys()].filter((w) => theirs.has(w) && quotable(attendeesWith.get(w) ?? 0, candidates.length)).slice(0, 3);
    const mutual = Math.min(counts.get(c.id) ?? 0, 5);
    return { c, shared, score: shared.length * 2 + mutual * 3 };
  });
  scored.sort((a, b) => b.score - a.score || a.c.id.localeCompare(b.c.id));
  const top = scored.slice(0, limit);
  return top.map(({ c, shared }) => {
    const reasons: string[] = [];
    const n = counts.get(c.id) ?? 0;
    if (n > 0) reasons.push(n === 1 ? '1 mutual connection' : `${n} mutual connections`);
    if (shared.length) reasons.push(`you both mention ${shared.map((w) => `"${mine.get(w) ?? w}"`).join(', ')}`);
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
    .innerJoin('users as u', (join) => join.on(sql<SqlBool>`u.id = case when cn.user_a_id = ${userId} then cn.user_b_id else cn.user_a_id end`))
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.role', sql<boolean>`coalesce(cn.event_id = ${eventId}, false)`.as('met_here')])
    .where((eb) => eb.or([eb('cn.user_a_id', '=', userId), eb('cn.user_b_id', '=', userId)]))
    .where(sql<SqlBool>`(cn.event_id = ${eventId} or exists (select 1 from event_attendees ea where ea.event_id = ${eventId} and ea.user_id = u.id))`)
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
  const topicText = topics.length ? topics.join(' and ') : "the event's topics";
  const role = me.role?.trim();
  // As the member wrote them, not their stems ('robotics', not 'robotic').
  const storyWords = [...profileWordForms(me.story).values()].slice(0, 2);
  const interest = storyWords.length ? ` who care about ${storyWords.join(' and ')}` : '';
  return role
    ? `Meet three people working on ${topicText}${interest}, and leave with one concrete next step for your work as ${role}.`
    : `Meet three people working on ${topicText}${interest}, and leave with one concrete next step.`;
}
