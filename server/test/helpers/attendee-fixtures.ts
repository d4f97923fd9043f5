import { insertEvent, newMember, registerAt, type InsertedEvent, type Member } from './events-fixtures';
import type { TestContext } from './test-app';

/**
 * Members for the swipe tests: a complete profile (role and story, so the deck offers them), a
 * photo at /img/{id}.jpg (what the interaction answers show of them), registered at the given
 * events without a goal.
 */
export async function swipingAttendee(t: TestContext, eventIds: string[] = []): Promise<Member> {
  const member = await newMember(t);
  await t.db
    .updateTable('users')
    .set({ role: 'Engineer', story: 'I build things.', image_url: `/img/${member.id}.jpg` })
    .where('id', '=', member.id)
    .execute();
  for (const eventId of eventIds) await registerAt(t.db, member.id, eventId);
  return member;
}

/** A new event with one swiping attendee per name, signed up in that order: `{ event, me, bob }`. */
export async function eventWithAttendees<Name extends string>(
  t: TestContext,
  ...names: Exclude<Name, 'event'>[]
): Promise<{ event: InsertedEvent } & Record<Exclude<Name, 'event'>, Member>> {
  const event = await insertEvent(t.db);
  const attendees = {} as Record<Exclude<Name, 'event'>, Member>;
  for (const name of names) attendees[name] = await swipingAttendee(t, [event.id]);
  return { event, ...attendees };
}
