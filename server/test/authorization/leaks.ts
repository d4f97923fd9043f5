import type { TestResponse } from '../helpers/test-client';
import { EVENT_NAMES, type Actor, type EventName, type MatrixWorld } from './world';

/** What the actor is, at the moment of the request (rows change registrations). */
interface Standing {
  userId: string | null;
  hasPro: boolean;
  registeredAt: Set<string>;
  connectedWith: Set<string>;
}

export async function standingOf(w: MatrixWorld, actor: Actor): Promise<Standing> {
  if (actor === 'anonymous') return { userId: null, hasPro: false, registeredAt: new Set(), connectedWith: new Set() };
  const { db } = w.t;
  const userId = w.members[actor].id;
  const [registrations, connections] = await Promise.all([
    db.selectFrom('event_attendees').select('event_id').where('user_id', '=', userId).execute(),
    db
      .selectFrom('connections')
      .select(['user_a_id', 'user_b_id'])
      .where((eb) => eb.or([eb('user_a_id', '=', userId), eb('user_b_id', '=', userId)]))
      .execute(),
  ]);
  return {
    userId,
    hasPro: actor === 'pro',
    registeredAt: new Set(registrations.map((r) => r.event_id)),
    connectedWith: new Set(connections.map((c) => (c.user_a_id === userId ? c.user_b_id : c.user_a_id))),
  };
}

/** Every object in a JSON answer, however deep. */
function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item);
  else if (value !== null && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const item of Object.values(value)) yield* objectsIn(item);
  }
}

/**
 * What the answer shows that the actor may not see: a hidden community event (even its id); the
 * full data of an event locked to them (name, description, URL, eventData); a join secret of an
 * event they are not registered at (unless the route publishes its join link); an interaction
 * someone else made; the e-mail address or phone number of a member who is not their connection.
 */
export async function leaksIn(w: MatrixWorld, actor: Actor, res: TestResponse, publishedJoinLink?: EventName): Promise<string[]> {
  const me = await standingOf(w, actor);
  const { db } = w.t;
  const leaks: string[] = [];
  const text = res.text;

  const events = await db
    .selectFrom('events')
    .select(['id', 'source_type', 'created_by_user_id', 'is_pro_only'])
    .where(
      'id',
      'in',
      EVENT_NAMES.map((name) => w.events[name].id),
    )
    .execute();
  for (const name of EVENT_NAMES) {
    const fixture = w.events[name];
    const row = events.find((e) => e.id === fixture.id);
    if (!row) continue; // deleted by its row (the creator leaving LC)
    const registered = me.registeredAt.has(row.id);
    const community = row.source_type === 'USER_ADDED';
    const visible =
      !community || (me.userId !== null && (row.created_by_user_id === me.userId || me.connectedWith.has(row.created_by_user_id ?? '') || registered));
    const full = visible && (!row.is_pro_only || me.hasPro || registered);
    if (!visible && text.includes(fixture.id)) leaks.push(`shows hidden event ${name}`);
    for (const mark of full ? [] : fixture.marks) if (text.includes(mark)) leaks.push(`shows ${name}'s "${mark}"`);
    if (!full && [...objectsIn(res.body)].some((o) => o.id === fixture.id && o.eventData !== undefined)) leaks.push(`gives eventData of ${name}`);
    if (!registered && name !== publishedJoinLink && text.includes(fixture.joinSecret)) leaks.push(`shows the join secret of ${name}`);
  }

  const interactions = await db.selectFrom('interactions').select(['id', 'from_user_id']).execute();
  for (const interaction of interactions) {
    if (interaction.from_user_id !== me.userId && text.includes(interaction.id)) leaks.push(`shows an interaction of someone else (${interaction.id})`);
  }

  const people = await db
    .selectFrom('users')
    .select(['id', 'email', 'phone'])
    .where(
      'id',
      'in',
      [...Object.values(w.members), ...Object.values(w.targets), w.loner].map((m) => m.id),
    )
    .execute();
  for (const person of people) {
    if (person.id === me.userId || me.connectedWith.has(person.id)) continue;
    if (text.includes(person.email)) leaks.push(`shows the e-mail of ${person.id}`);
    if (person.phone && text.includes(person.phone)) leaks.push(`shows the phone of ${person.id}`);
  }
  return leaks;
}
