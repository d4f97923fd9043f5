import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventSourceType } from '../../db/tables/events';
import { newJoinSecret } from '../../services/events/membership';
import type { TestClient } from './test-client';
import { signUp, type TestContext } from './test-app';

/**
 * Catalogue rows for API tests, inserted directly (members and their sessions go through the API).
 * Labels and names get a random suffix, so tests sharing a file's database never collide.
 */

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

const tag = () => randomBytes(3).toString('hex');

export async function insertCategory(db: Kysely<Database>, label = 'Category'): Promise<string> {
  const row = await db
    .insertInto('categories')
    .values({ label: `${label} ${tag()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertEventType(db: Kysely<Database>, label = 'Type'): Promise<string> {
  const row = await db
    .insertInto('event_types')
    .values({ label: `${label} ${tag()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertOrganizer(db: Kysely<Database>, name = `Organizer ${tag()}`): Promise<string> {
  const row = await db
    .insertInto('organizers')
    .values({ name, description: `About ${name}`, external_url: 'https://organizer.example', image_url: '/media/organizers/x.svg' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertLocation(
  db: Kysely<Database>,
  location: { name?: string; country?: string; region?: string | null; isCustom?: boolean } = {},
): Promise<string> {
  const row = await db
    .insertInto('locations')
    .values({
      name: location.name ?? `Town ${tag()}`,
      country: location.country ?? 'SE',
      region: location.region ?? null,
      is_custom: location.isCustom ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface EventFixture {
  name?: string;
  /** Start; default one week from now. Tests that move the clock pass their own. */
  start?: Date | null;
  end?: Date | null;
  description?: string;
  isProOnly?: boolean;
  sourceType?: EventSourceType;
  createdBy?: string | null;
  organizerId?: string | null;
  locationId?: string | null;
  location?: string | null;
  categories?: string[];
  eventTypes?: string[];
}

export interface InsertedEvent {
  id: string;
  joinSecret: string;
}

export async function insertEvent(db: Kysely<Database>, event: EventFixture = {}): Promise<InsertedEvent> {
  const joinSecret = newJoinSecret();
  const start = event.start === undefined ? new Date(Date.now() + 7 * DAY) : event.start;
  const row = await db
    .insertInto('events')
    .values({
      name: event.name ?? `Event ${tag()}`,
      description: event.description ?? '<p>An event.</p>',
      agenda: '<p>Agenda</p>',
      image_url: '/media/events/event-01.svg',
      date_time: start,
      end_date_time: event.end ?? null,
      event_url: 'https://event.example/page',
      location: event.location === undefined ? 'Main Hall' : event.location,
      location_id: event.locationId ?? null,
      organizer_id: event.organizerId ?? null,
      source_type: event.sourceType ?? (event.isProOnly ? 'PRO' : 'PARTNER'),
      is_pro_only: event.isProOnly ?? false,
      ai_generated_blurb: event.isProOnly ? 'A blurb written for the preview.' : null,
      join_secret: joinSecret,
      created_by_user_id: event.createdBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (event.categories?.length) {
    await db
      .insertInto('event_categories')
      .values(event.categories.map((category_id) => ({ event_id: row.id, category_id })))
      .execute();
  }
  if (event.eventTypes?.length) {
    await db
      .insertInto('event_event_types')
      .values(event.eventTypes.map((event_type_id) => ({ event_id: row.id, event_type_id })))
      .execute();
  }
  return { id: row.id, joinSecret };
}

export async function registerAt(db: Kysely<Database>, userId: string, eventId: string, goal: string | null = null): Promise<void> {
  await db.insertInto('event_attendees').values({ event_id: eventId, user_id: userId, goal }).execute();
}

/** A connection between two members (stored once per pair, smaller id first). */
/** Connects the two members, as met at `eventId` when given. */
export async function connect(db: Kysely<Database>, one: string, other: string, eventId: string | null = null): Promise<void> {
  const [a, b] = one < other ? [one, other] : [other, one];
  await db.insertInto('connections').values({ user_a_id: a, user_b_id: b, event_id: eventId }).execute();
}

export async function givePro(db: Kysely<Database>, userId: string): Promise<void> {
  await db.insertInto('subscriptions').values({ user_id: userId, status: 'PRO', plan_name: 'PRO', ends_at: null, updated_at: new Date() }).execute();
}

export interface Member {
  id: string;
  firstName: string;
  client: TestClient;
}

/** A member signed up through the API, with a client that holds their session. */
export async function newMember(t: TestContext, options: { pro?: boolean } = {}): Promise<Member> {
  const client = t.client();
  const { me } = await signUp(t, client);
  if (options.pro) await givePro(t.db, me.id);
  return { id: me.id, firstName: me.firstName, client };
}
